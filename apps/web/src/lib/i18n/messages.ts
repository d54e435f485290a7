/**
 * The one English message catalogue (react-intl ids). The specs' wording is the product's wording: texts quoted
 * in grain-marketing.md / platform.md are copied here word for word. Brand words are never written here; they are
 * passed in as values from the partner branding.
 */
export const messages = {
  // generic error screen (grain-marketing.md 2, platform.md 2.7)
  'shell.error.title': "Well, that ain't right.",
  'shell.error.message': "Looks like there's something wrong under the hood.",
  'shell.error.refresh': 'Refresh',
  'shell.error.returnHome': 'Return home',
  'shell.error.contact': 'If the problem persists, please contact',
  'shell.error.illustration': 'A broken-down tractor with a wheel off and smoke rising from the engine',
  'shell.error.code': 'Error {code}',

  // update screen (version check)
  'shell.update.title': 'There is a new update',
  'shell.update.countdown':
    'The application will reload in {seconds, plural, one {# second} other {# seconds}}...',
  'shell.update.reloadNow': 'Reload Now',

  // notices
  'shell.offline.message': 'You are offline. Please check your internet connection.',
  'shell.unsupportedBrowser.title': 'Your browser is not supported',
  'shell.unsupportedBrowser.message':
    'Some features may not work. Please use a recent version of Chrome, Edge, Firefox or Safari.',
  'shell.notice.dismiss': 'Dismiss',
  'shell.notice.close': 'Close',

  // transport and general errors (grain-marketing.md 8)
  'error.disconnected': 'Please check your internet connection.',
  'error.unexpected': 'Sorry, an unexpected issue occurred. Please come back later!',
  'error.sessionExpired': 'Your session expired',
  'error.permissionDenied': 'You do not have permissions for this action',
  'error.accessDenied': 'Access denied to requested method',
  'error.invalidResponse': 'Invalid response',
  'error.notFound': 'The page you are looking for does not exist.',
  'error.bootstrapFailed': 'Failed to bootstrap.',

  // guards and shell pages
  'shell.loading': 'Loading',
  'shell.logout': 'Logout',
  'shell.signIn': 'Sign in',
  'shell.notFound.title': 'Page not found',
  'shell.placeholder.comingSoon': '{page} — this page is coming soon',
  'shell.placeholder.body': 'We are still building this page. Check back soon.',
  'shell.appShell.label': 'Application shell',

  // headers
  'header.home': 'Home',
  'header.openMenu': 'Open menu',
  'header.closeMenu': 'Close menu',
  'header.mainNavigation': 'Main navigation',
  'header.accountMenu': 'Account menu',
  'header.switchToCrm': 'Switch to grain buying',
  'header.switchToMySalesLite': 'Switch to my sales',
  'header.support': 'Support',
  'header.supportEmail': 'Email {email}',
  'header.supportPhone': 'Call {phone}',
  'nav.crm.dashboard': 'Dashboard',
  'nav.crm.contracts': 'Contracts',
  'nav.crm.deliveries': 'Deliveries',
  'nav.crm.clients': 'Clients',
  'nav.crm.bids': 'Bids',
  'nav.crm.offers': 'Offers',
  'nav.crm.structures': 'Structures',
  'nav.crm.publicBidsAdmin': 'Public bids admin',
  'nav.crm.administrator': 'Administrator',
  'nav.mySalesLite.mySales': 'My sales',
  'nav.mySalesLite.balances': 'Balances',
  'nav.mySalesLite.bids': 'Bids',

  // footer
  'footer.copyright': '© {year} {legalName}',
  'footer.supportLine': 'Need help? Contact {email}',
  'footer.supportPhone': 'or call {phone}',
} as const;

export type MessageId = keyof typeof messages;
export type MessageValues = Record<string, string | number | boolean | null | undefined | Date>;

/** English for every supported locale (en-us, en-ca, en-ca-qc, en-au). */
export function messagesForLocale(): Record<MessageId, string> {
  return messages;
}
