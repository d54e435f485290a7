// Messages of the store dialogs (platform.md 2.9): marketing-subscribe and terms of service; 8.4's marketing-dialog
// error is quoted word for word. Brand words come in as values from the partner branding.

export const storeDialogsMessages = {
  'storeDialogs.marketing.title': 'Get deals and news from the {brand} store',
  'storeDialogs.marketing.body':
    'Be the first to hear about seasonal offers, new products and price drops on the inputs you buy. We send a few e-mails a month, and you can unsubscribe at any time.',
  'storeDialogs.marketing.subscribe': 'Subscribe',
  'storeDialogs.marketing.noThanks': 'No thanks',
  'storeDialogs.marketing.close': 'Close',
  'storeDialogs.marketing.doneTitle': 'You are subscribed',
  'storeDialogs.marketing.doneBody': 'Thanks! We will send {brand} store offers and news to {email}.',
  'storeDialogs.marketing.error': 'Oops! Something went wrong, please try again.',
  'storeDialogs.terms.title': 'Terms of service',
  'storeDialogs.terms.intro': 'To shop in the {brand} store, please read and accept our terms and conditions.',
  'storeDialogs.terms.summary':
    'They cover how orders, prices, payment, delivery and returns work, how restricted-use products are sold, and how {legalName} handles your information.',
  'storeDialogs.terms.link': 'Read the terms and conditions',
  'storeDialogs.terms.accept': 'Accept',
  'storeDialogs.terms.notNow': 'Not now',
  'storeDialogs.terms.notNowHint': 'Not now takes you back to your dashboard.',
  'storeDialogs.terms.error': 'Your acceptance could not be saved. Please try again.',
} as const;
