/** Wording of the invitation to join a partner's CRM (issue 15): the accept page, in the entry's messages (identity pages). */
export const invitationMessages = {
  'invitation.title': 'Accept invitation',
} as const;
