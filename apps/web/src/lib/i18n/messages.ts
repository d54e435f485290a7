import { NEW_PASSWORD_MIN_LENGTH } from '@granary/domain';
import type { crmAreaMessages } from './areas/crm';
import type { devAreaMessages } from './areas/dev';
import type { adminAreaMessages } from './areas/admin';
import type { accountAreaMessages } from './areas/account';
import type { mySalesLiteAreaMessages } from './areas/my-sales-lite';
import type { profitCenterAreaMessages } from './areas/profit-center';
import type { storeAreaMessages } from './areas/store';
import { platformMessages } from './platform-messages';
import { invitationMessages } from './invitation-messages';
import { actAsMessages } from './act-as-messages';
import { notificationsMessages } from './notifications-messages';
import { farmerHomeMessages } from './farmer-home-messages';

/**
 * The entry's English messages (react-intl ids): the app shell's, identity's and the common ones, which every page of
 * the app may show. The feature areas' messages (CRM, My Sales Lite, the store, profit center, the dev mailbox) are in
 * areas/ and load with their pages (catalogue.ts, docs/decisions/029-messages-by-area.md). The specs' wording is the
 * product's wording: texts quoted in grain-marketing.md / platform.md are copied here word for word. Brand words are
 * never written here; they are passed in as values from the partner branding.
 */
export const messages = {
  ...platformMessages,
  ...invitationMessages,
  ...actAsMessages,
  ...notificationsMessages,
  ...farmerHomeMessages,
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
  'shell.update.countdown': 'The application will reload in {seconds, plural, one {# second} other {# seconds}}...',
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
  // a farm-business access flag missing (platform.md 8.1; the server's enterprise_access_required)
  'error.enterpriseAccessDenied':
    'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
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
  'shell.skipToMain': 'Skip to main content',

  // headers
  'header.home': 'Home',
  'header.openMenu': 'Open menu',
  'header.closeMenu': 'Close menu',
  'header.mainNavigation': 'Main navigation',
  'header.accountMenu': 'Account menu',
  'header.switchToCrm': 'Switch to grain buying',
  'header.switchToMySalesLite': 'Switch to my sales',
  'header.myProfile': 'My profile',
  'header.administration': 'Administration',
  'header.support': 'Support',
  'header.supportPage': 'Help and contacts',
  'header.supportEmail': 'Email {email}',
  'header.supportPhone': 'Call {phone}',
  // the 'Store' link in the app's headers
  'shell.nav.store': 'Store',
  'nav.crm.dashboard': 'Dashboard',
  'nav.crm.contracts': 'Contracts',
  'nav.crm.deliveries': 'Deliveries',
  'nav.crm.clients': 'Clients',
  'nav.crm.bids': 'Bids',
  'nav.crm.offers': 'Offers',
  'nav.crm.settlements': 'Settlements',
  'nav.crm.payments': 'Payments',
  'nav.crm.structures': 'Structures',
  'nav.crm.ingest': 'Data imports',
  'nav.crm.publicBidsAdmin': 'Public bids admin',
  'nav.crm.administrator': 'Administrator',
  // the CRM header's menu of the administration pages (Data imports, Public bids admin, Administrator)
  'nav.crm.admin': 'Admin',
  // the farmer's header (issue 17): Home, Profit center, My sales (My Sales Lite's pages), Store
  'nav.farmer.home': 'Home',
  'nav.farmer.profitCenter': 'Profit center',
  'nav.farmer.mySales': 'My sales',

  // footer
  'footer.copyright': '© {year} {legalName}',
  'footer.supportLine': 'Need help? Contact {email}',
  'footer.supportPhone': 'or call {phone}',

  // sign-in, signup and password pages (issue 3). Quoted spec texts (grain-marketing.md 5, 8; platform.md 5.2,
  // 8.2) are word for word; the rest is ours. Brand words are values from the partner branding.
  'identity.email': 'Email',
  'identity.password': 'Password',
  'identity.showPassword': 'Show password',
  'identity.hidePassword': 'Hide password',
  'identity.forgotPassword': 'Forgot password?',
  'identity.newHere': 'New here?',
  'identity.createAccount': 'Create account',
  'identity.haveAccount': 'Already have an account?',
  'identity.signIn': 'Sign in',
  'identity.or': 'or',
  'identity.backToSignIn': 'Back to sign in',
  'identity.verifyingHuman': 'Verifying you are human…',
  // A password being set: the domain's length rule (docs/decisions/024-password-strength.md).
  'identity.passwordHint': `At least ${NEW_PASSWORD_MIN_LENGTH} characters, and not easy to guess.`,
  'identity.newPassword': 'New password',
  'identity.confirmPassword': 'Confirm new password',
  'identity.currentPassword': 'Current password',
  'identity.passwordUpdated': 'You have updated your profile password.',

  'identity.signIn.title': 'Sign in',
  'identity.signIn.subtitle': 'Welcome back to {brand}.',
  'identity.signIn.subtitleNoBrand': 'Welcome back.',
  'identity.signIn.submit': 'Sign in',
  'identity.signIn.otherWays': 'Other ways to sign in',
  'identity.signIn.withPassword': 'Sign in with password',
  'identity.signIn.withMagicLink': 'Email me a link',
  'identity.signIn.withSms': 'Text me a code',
  'identity.signIn.withProvider': 'Continue with {provider}',

  'identity.error.emailRequired': 'The email field is required.',
  'identity.error.passwordRequired': 'The password field is required.',
  'identity.error.passwordTooShort': 'The password must be at least 4 characters long.',
  'identity.error.emailInvalid': 'The email format is invalid.',
  'identity.error.invalidCredentials': 'Incorrect username/password combination.',
  'identity.error.incorrectMfaCode': 'Incorrect MFA code supplied.',
  'identity.error.accountLocked': 'Your account is locked, please wait a while before trying again.',
  'identity.error.accountLockedDescription':
    'Your account was locked after multiple failed sign-in attempts. Check your e-mail for a direct login link.',
  'identity.error.accountSuspended': 'Your account is suspended. Contact Support if you need help.',
  'identity.error.accountDeleted': 'This account has been deleted. Contact Support if you need help.',
  'identity.error.noAccount': 'We could not find an account for this sign-in. Create one to continue.',
  'identity.error.noAccountFor': 'There is no account for your {provider} sign-in yet. Create one to continue.',
  'identity.error.oauthFailed': 'Could not sign in with your {provider} account.',
  'identity.error.oauthFailedNoName': 'Could not sign in with your account.',
  'identity.error.linkInvalid': 'The password link is no longer valid.',
  'identity.error.magicLinkInvalid': 'This sign-in link is no longer valid. Ask for a new one.',
  'identity.error.incorrectCurrentPassword': 'The current password you provided was incorrect, please try again.',
  'identity.error.passwordConfirmationMismatch': 'The password confirmation must match the new password.',
  'identity.error.cannotCreateAccount':
    'Sorry, but we cannot create an account for this email and password combination. Contact Support if you need help.',
  'identity.error.botCheckFailed': 'We could not verify that you are human. Please try again.',
  'identity.error.currentPasswordRequired': 'The current password field is required.',
  'identity.error.newPasswordRequired': 'The new password field is required.',
  'identity.error.newPasswordTooShort': `The new password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long.`,
  'identity.error.confirmationRequired': 'The password confirmation field is required.',
  'identity.error.phoneRequired': 'The phone number field is required.',
  'identity.error.phoneInvalid': 'Invalid phone number',
  'identity.error.codeInvalid': 'Enter the 6-digit code.',
  'identity.error.codeExpired': 'This code is no longer valid. Ask for a new one.',

  'identity.magic.title': 'Sign in with a link',
  'identity.magic.subtitle': 'Enter your e-mail and we will send you a link that signs you in, no password needed.',
  'identity.magic.submit': 'Email me a link',
  'identity.magic.verifying': 'Signing you in…',
  'identity.magic.verifyingBody': 'Checking your sign-in link.',
  'identity.magic.failedTitle': 'Sign-in link expired',
  'identity.magic.requestNew': 'Email me a new link',
  'identity.checkEmail.title': 'Check your e-mail',
  'identity.checkEmail.magic':
    'If {email} belongs to an account, a sign-in link is on its way. The link works once and expires in 10 minutes.',
  'identity.checkEmail.reset':
    'If {email} belongs to an account, a link to choose a new password is on its way. The link works once and expires in 30 minutes.',
  'identity.checkEmail.signup': 'We sent a message to {email}. Open the link in it to finish creating your account.',
  'identity.checkEmail.spam': 'Nothing there after a few minutes? Check your spam folder, or send it again.',
  'identity.checkEmail.resend': 'Send it again',
  'identity.checkEmail.differentEmail': 'Use a different e-mail',

  'identity.sms.title': 'Sign in with a text message',
  'identity.sms.subtitle': 'Enter your mobile number and we will text you a 6-digit code.',
  'identity.sms.phone': 'Mobile phone number',
  'identity.sms.phoneHint': 'For example 515-555-0110',
  'identity.sms.submit': 'Text me a code',
  'identity.sms.codeTitle': 'Enter your code',
  'identity.sms.codeSubtitle': 'If {phone} belongs to an account, a 6-digit code is on its way by text message.',
  'identity.sms.code': 'Verification code',
  'identity.sms.verify': 'Verify and sign in',
  'identity.sms.resend': 'Send a new code',
  'identity.sms.resent': 'A new code is on its way.',
  'identity.sms.differentNumber': 'Use a different number',

  'identity.sso.title': 'Single sign-on',
  'identity.sso.subtitle': 'Sign in with the account your organization gave you.',
  'identity.sso.unavailable': 'Single sign-on is not set up for this site.',

  'identity.native.landingTitle': "You're signed in",
  'identity.native.landingInApp': 'Welcome to {brand}. The app continues in a moment.',
  'identity.native.landingWeb': 'Welcome to {brand}. You can continue on the web.',
  'identity.native.continue': 'Continue to the dashboard',

  'identity.reset.title': 'Reset your password',
  'identity.reset.subtitle': 'Enter the e-mail of your account and we will send you a link to choose a new password.',
  'identity.reset.submit': 'Send reset link',
  'identity.exchange.title': 'Choose a new password',
  'identity.exchange.subtitle': 'Pick a password you do not use anywhere else.',
  'identity.exchange.checking': 'Checking your link…',
  'identity.exchange.requestNew': 'Request a new link',
  'identity.exchange.submit': 'Save new password',
  'identity.otp.title': 'Choose a new password',
  'identity.otp.subtitle': 'You signed in with a one-time password. Choose your own password to continue.',
  'identity.changePassword.title': 'Password',
  'identity.changePassword.subtitle': 'Change the password you sign in with. Other devices will be signed out.',
  'identity.changePassword.submit': 'Update password',

  // signup (platform.md 3.6, 4.2, 5.3, 5.4, 9.4)
  'signup.title': 'Create your account',
  'signup.subtitle': 'Join {brand} in a couple of minutes.',
  'signup.subtitleNoBrand': 'It only takes a couple of minutes.',
  'signup.steps': 'Signup steps',
  'signup.step.details': 'Your details',
  'signup.step.farm': 'Your operation',
  'signup.continue': 'Continue',
  'signup.back': 'Back',
  'signup.submit': 'Create account',
  'signup.firstName': 'First name',
  'signup.lastName': 'Last name',
  'signup.country': 'Country',
  'signup.country.USA': 'United States',
  'signup.country.CAN': 'Canada',
  'signup.country.AUS': 'Australia',
  'signup.zip': 'ZIP code',
  'signup.postalCode': 'Postal code',
  'signup.memberType': 'I am a',
  'signup.memberType.farmer': 'Farmer',
  'signup.memberType.rancher': 'Rancher',
  'signup.memberType.professional': 'Agronomist, advisor or other ag professional',
  'signup.memberType.other': 'Something else',
  'signup.area': 'Area you farm',
  'signup.units': 'Units',
  'signup.units.acres': 'Acres',
  'signup.units.hectares': 'Hectares',
  'signup.reasons': 'What are you interested in?',
  'signup.reason.grain': 'Grain marketing',
  'signup.reason.marketAdvisory': 'Market advisory',
  'signup.reason.sustainability': 'Sustainability and scale tickets',
  'signup.reason.cropProtection': 'Crop protection',
  'signup.reason.seed': 'Seed',
  'signup.reason.financing': 'Financing',
  'signup.reason.cropInsurance': 'Crop insurance',
  'signup.reason.precisionData': 'Precision and farm data',
  'signup.reason.livestock': 'Livestock',
  'signup.reason.petEquine': 'Pet and equine',
  'signup.reason.forum': 'Farmer community',
  'signup.reason.general': 'Just looking around',
  'signup.heard': 'How did you hear about us?',
  'signup.heard.grainBuyer': 'My grain buyer or elevator',
  'signup.heard.friend': 'A friend or neighbour',
  'signup.heard.search': 'Search engine',
  'signup.heard.social': 'Social media',
  'signup.heard.event': 'Event or trade show',
  'signup.heard.ad': 'Advertisement',
  'signup.heard.other': 'Other',
  'signup.marketing': 'Send me market news and offers by e-mail.',
  'signup.legalSalesInfo': 'May we contact you about products and offers?',
  'signup.yes': 'Yes',
  'signup.no': 'No',
  'signup.optional': 'Optional',
  'signup.error.checkFields': 'Please check the highlighted fields.',
  'signup.error.generic': 'Check this field.',
  'signup.error.required': 'Required',
  // one message per validation key of platform.md 5.3, the wording of the domain's SIGNUP_KEY_MESSAGES
  'signup.error.enter_first_name': 'Enter your first name.',
  'signup.error.enter_last_name': 'Enter your last name.',
  'signup.error.enter_email': 'Invalid email address',
  'signup.error.enter_zip': 'Invalid zip code',
  'signup.error.member_type': 'Choose what describes you best.',
  'signup.error.enter_cell': 'Invalid phone number',
  'signup.error.enter_accept_legal_terms': 'Accept the terms to continue.',
  'signup.error.enter_area': 'Enter your area as a number (0 or more).',
  'signup.error.enter_area_units': 'Choose acres or hectares.',
  'signup.error.enter_signup_reason': 'Choose what you are interested in.',
  'signup.error.enter_how_did_you_hear_about_us': 'Tell us how you heard about us (at most 200 characters).',
  'signup.error.enter_legal_sales_info': 'Tell us whether we may contact you about sales.',

  'verifyFirst.identifier.title': 'Create your account',
  'verifyFirst.identifier.subtitle': 'Start with your e-mail or mobile number. We will send you a code to confirm it.',
  'verifyFirst.identifier.label': 'Email or mobile phone number',
  'verifyFirst.identifier.required': 'Enter your e-mail or mobile phone number.',
  'verifyFirst.identifier.invalid': 'Enter a valid e-mail address or mobile phone number.',
  'verifyFirst.challenge.title': 'Enter your code',
  'verifyFirst.challenge.subtitle': 'We sent a 6-digit code to {identifier}.',
  'verifyFirst.challenge.subtitlePhone': 'We texted a 6-digit code to {identifier}.',
  'verifyFirst.rest.title': 'Tell us about you',
  'verifyFirst.rest.subtitle': 'Almost done: a few details about you and your operation.',
  'verifyFirst.pick.title': 'Choose your account',
  'verifyFirst.pick.subtitle': 'Accounts already use this address. Choose the one to sign in to.',
  'verifyFirst.expired': 'This signup is no longer valid. Start again.',
  'verifyFirst.pick.required': 'Choose an account to continue.',
  'verifyFirst.pick.submit': 'Continue with this account',

  'jit.title': 'Confirm your e-mail',
  'jit.verifying': 'Creating your account…',
  'jit.noToken': 'Open the link in the e-mail we sent you to finish creating your account.',
  'jit.linkInvalid': 'This link is no longer valid. Sign up again to get a new one.',
  'jit.signUpAgain': 'Sign up again',

  // my profile
  'profile.title': 'My profile',

  // the header's farm business switcher (issue 16, decision 050)
  'switcher.label': 'Farm business',
  'switcher.choose': 'Switch farm business, current: {name}',
  'switcher.failed': 'We could not switch the farm business. Try again.',
  'header.account': 'Account and farm businesses',
  'header.team': 'My team',
  'header.billing': 'Billing',
} as const;

/** Every message id: the entry's and the areas' (an area's id shows once its catalogue has loaded, with its pages). */
export type MessageId =
  | keyof typeof messages
  | keyof typeof crmAreaMessages
  | keyof typeof mySalesLiteAreaMessages
  | keyof typeof storeAreaMessages
  | keyof typeof profitCenterAreaMessages
  | keyof typeof devAreaMessages
  | keyof typeof adminAreaMessages
  | keyof typeof accountAreaMessages;
export type MessageValues = Record<string, string | number | boolean | null | undefined | Date>;
