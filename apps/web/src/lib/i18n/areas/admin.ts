import { auditActionMessages } from '../audit-action-messages';
import { staffAdminMessages } from '../staff-admin-messages';
import { staffNotificationsMessages } from '../staff-notifications-messages';
import { addressesMessages, australiaMessages } from '../addresses-messages';

/**
 * The staff administration area's messages (issue 16): loaded with its pages, not in the entry
 * (docs/decisions/029-messages-by-area.md). Another part of the area (e.g. Australian accounts) adds its file here.
 */
export const adminAreaMessages = {
  ...staffAdminMessages,
  ...staffNotificationsMessages,
  ...auditActionMessages,
  ...addressesMessages,
  ...australiaMessages,
} as const;
