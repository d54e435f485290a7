// The CRM administrator's users (issue 15): the partner's users, invitations, per-market and admin permissions.
export {};
