/** Wording of the invitation to join a partner's CRM (issue 15): the accept page, in the entry's messages (identity pages). */
export const invitationMessages = {
  'invitation.title': 'Accept invitation',
  'invitation.checking': 'Checking your invitation…',
  'invitation.subtitle': '{inviter} invited you to {partner}. Set your password to join.',
  'invitation.subtitleNoInviter': 'You are invited to {partner}. Set your password to join.',
  'invitation.email': 'E-mail',
  'invitation.firstName': 'First name',
  'invitation.lastName': 'Last name',
  'invitation.password': 'Password',
  'invitation.confirmPassword': 'Confirm password',
  'invitation.accept': 'Accept and sign in',
  'invitation.acceptSignedIn': 'Accept invitation',
  'invitation.signedInAs': 'You are signed in as {email}: accepting adds {partner} to this account.',
  'invitation.signInFirst':
    'An account with {email} exists already. Sign in to it, then open this link again to accept.',
  'invitation.signIn': 'Sign in',
  'invitation.invalid':
    'This invitation is no longer valid. It was used, revoked or has expired: ask your administrator for a new one.',
  'invitation.taken':
    'This e-mail address belongs to another organisation or a farm account, so it cannot join here. Ask your administrator.',
  'invitation.required': 'Required',
} as const;
