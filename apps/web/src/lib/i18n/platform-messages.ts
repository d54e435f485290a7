/**
 * The platform pages' messages (issue 13, 'No dead ends'): the welcome page at /dashboard, the way home from the
 * permission-denied screen, /support, the legal pages and setting a first password on /user. In the entry: these
 * pages show only the entry's messages. Brand words come in as values from the partner branding.
 */
export const platformMessages = {
  // the way home (permission-denied screen, welcome page)
  'home.goHome': 'Go to my home page',

  // /dashboard for a user with no experience yet
  'welcome.title': 'Welcome to {brand}, {name}',
  'welcome.titleNoName': 'Welcome to {brand}',
  'welcome.subtitle':
    'Your {brand} account is ready. Here is what you can do right away; more opens up as {tradeName} sets up your farm with you.',
  'welcome.store.title': 'Browse the store',
  'welcome.store.body': 'Seed, crop protection, fertilizer and supplies, with prices and pick-up or delivery.',
  'welcome.store.action': 'Open the store',
  'welcome.market.title': 'See local bids',
  'welcome.market.body': "Today's cash bids, basis and office hours at {tradeName}'s locations.",
  'welcome.market.action': 'See local bids',
  'welcome.profile.title': 'Your profile and password',
  'welcome.profile.body': 'See the details you signed up with, and set or change the password you sign in with.',
  'welcome.profile.action': 'Go to my profile',
  'welcome.support.title': 'Talk to us',
  'welcome.support.body': 'Questions about your account, contracts or settlements? {brand} support is here to help.',
  'welcome.support.action': 'Contact support',
  'welcome.actions': 'What you can do now',

  // /support
  'support.title': '{brand} support',
  'support.subtitle': 'Reach the {tradeName} team by phone or e-mail, or find a quick answer below.',
  'support.link': 'Support',
  'support.contacts': 'Contact us',
  'support.phone': 'Phone',
  'support.email': 'E-mail',
  'support.appSupport': 'App and sign-in help',
  'support.hours': 'Office hours',
  'support.hoursClosed': 'Closed',
  'support.hoursNone': 'Call or write any time; we answer during business hours.',
  'support.hoursZone': 'Times are {zone}.',
  'support.faq': 'Frequently asked questions',
  'support.faq.signIn.q': 'How do I sign in?',
  'support.faq.signIn.a':
    'Use the e-mail address or mobile number you signed up with. You can sign in with a password, a magic link sent by e-mail, or a code sent by text message.',
  'support.faq.reset.q': 'I forgot my password. How do I reset it?',
  'support.faq.reset.a':
    'On the sign-in page choose "Forgot password?" and enter your e-mail address. We send you a link to choose a new password; it works once and expires after a while.',
  'support.faq.contracts.q': 'Where are my contracts?',
  'support.faq.contracts.a':
    'Once {tradeName} has linked your farm to your account, your contracts, deliveries and balances are under My sales. If you do not see them, call us and we will link your account.',
  'support.faq.settlement.q': 'Who do I call about a settlement?',
  'support.faq.settlement.a':
    'Call {tradeName} at {phone} or write to {email} with the settlement or ticket number. The office that bought the grain answers questions about grades, deductions and payment.',
  'support.signIn': 'Sign in',
  'support.resetPassword': 'Reset my password',

  // legal pages (platform.md 2.1)
  'legal.terms-of-service': 'Terms of service',
  'legal.privacy-policy': 'Privacy policy',
  'legal.ccpa-privacy-policy': 'CCPA privacy notice',
  'legal.community-content-policy': 'Community content policy',
  'legal.electronic-funds-transfer': 'Electronic funds transfer',
  'legal.updated': 'Last updated {date}',
  'legal.missing': '{brand} has not published this document yet. Contact {email} for a copy.',
  'legal.footerNav': 'Legal',
  // the signup form's terms box, its two documents linked
  'signup.acceptTermsLinked': 'I accept the {terms} and {privacy} of {brand}.',
  'signup.acceptTermsLinkedNoBrand': 'I accept the {terms} and {privacy}.',
  'signup.termsLink': 'terms of use',
  'signup.privacyLink': 'privacy policy',

  // /user: a first password for a user who signs in without one
  'identity.setPassword.title': 'Set a password',
  'identity.setPassword.subtitle':
    'You sign in with a link or a code today. Set a password to sign in with it too; your other sign-in ways keep working.',
  'identity.setPassword.submit': 'Set password',
  'identity.setPassword.done': 'Your password is set. You can now sign in with it.',
} as const;
