/** Wording of API tokens for integrations (issue 15): create (shown once), list with last use, revoke. */
export const apiTokensMessages = {
  'apiTokens.title': 'API tokens',
} as const;
