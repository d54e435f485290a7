// What other modules may use of the notifications module (DESIGN.md, Conventions 11): the one way a marketing consent
// is given or withdrawn (recorded, audited, and a welcome e-mail with the unsubscribe link when given; decision 055).
export { setMarketing, type NotificationsDeps } from './notifications.service.ts';
// The user's in-app notifications, newest first (the farmer's home, issue 17).
export { listNotifications } from './notifications.service.ts';
