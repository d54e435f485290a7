/**
 * Wording of acting as a user (issue 16; grain-marketing.md 6 'Other', platform.md 6): the admin's panel on a user's
 * page and the banner every page shows while acting. In the entry's messages: the banner shows on every page.
 */
export const actAsMessages = {
  'actAs.panel.title': 'Act as this user',
  'actAs.panel.help':
    'See the platform as this user sees it. Everything you do while acting is recorded under your name and theirs.',
  'actAs.panel.scope': 'Access while acting',
  'actAs.scope.read_only': 'Read-only: look, change nothing',
  'actAs.scope.full': 'Full: act on their behalf',
  'actAs.panel.start': 'Act as {name}',
  'actAs.panel.notAvailable': 'You are acting as another user: stop first to act as someone else.',
  'actAs.panel.failed': 'Could not act as this user.',
  'actAs.banner.label': 'Acting as another user',
  'actAs.banner.actingAs': 'Acting as {name}',
  'actAs.banner.readOnly': 'read-only',
  'actAs.banner.full': 'full access',
  'actAs.banner.signedInAs': 'You are {actor}',
  'actAs.banner.stop': 'Stop',
  'actAs.banner.makeReadOnly': 'Make read-only',
  'actAs.banner.allowChanges': 'Allow changes',
  'actAs.banner.failed': 'Could not change acting as this user. Reload the page and try again.',
} as const;
