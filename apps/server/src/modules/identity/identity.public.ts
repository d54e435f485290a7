// What other modules may use of the identity module (DESIGN.md, Conventions 11): the partner's link origin, for
// the messages other modules send (e-sign requests, offer notifications); and what the CRM administrator's
// invitations need (issue 15): the link's secret, the new account's password rules, the account, the sign-in.
export { backgroundLinkOrigin, linkOrigin } from './links.ts';
export {
  accountByEmail,
  createInvitedAccount,
  issueInvitationLink,
  joinPartner,
  liveInvitationLink,
  newPasswordProblem,
  signInInvited,
  signedInUser,
  useInvitationLink,
  validPhone,
  voidInvitationLink,
} from './invitation-account.service.ts';
// A farm business's team invitations (issue 16): the invited person's farm account.
export { createTeamAccount, phoneInUse } from './team-account.service.ts';
// The staff administration area (issue 16): the password lockout's state and its lifting (unlock).
export { clearLoginFailures } from './login-failures.repo.ts';
export { isLockedOut } from './login.service.ts';
// Accounts staff create for someone else (issue 16: an Australian farm business's owner, from its ABN).
export { createStaffAccount, emailTaken } from './staff-account.service.ts';
// Partner onboarding (issue 17, decision 060): the code sessions of decision 012 prove a farmer is the elevator's client
// contact — 6 digits, single use, expiring, throttled per address in the shared counters of decision 004.
export {
  checkSessionCode,
  consumeSessionCode,
  loadBoundSession,
  newBinding,
  normalizePhone,
  payloadOf,
  resendCode,
  startCodeSession,
} from './verification-codes.service.ts';
