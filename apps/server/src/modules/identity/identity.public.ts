// What other modules may use of the identity module (DESIGN.md, Conventions 11): the partner's link origin, for
// the messages other modules send (e-sign requests, offer notifications).
export { backgroundLinkOrigin, linkOrigin } from './links.ts';
