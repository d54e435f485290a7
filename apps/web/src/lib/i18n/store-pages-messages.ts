// Messages of the store's information pages (issue 6; platform.md 2.4): feed efficiency, acre plans, the house-brand
// packs, financing options, warehouse locations, resources and the two terms pages. Brand words come in as values:
// {brand} the partner's short name, {tradeName} its trade name, {legalName} its legal name.

export const storePagesMessages = {
  'storePages.loading': 'Loading',
  'storePages.field.invalid': 'Check this field',

  // Feed efficiency (/direct/feed/feed-efficiency)
  'storePages.feed.title': 'Feed efficiency calculator',
  'storePages.feed.breadcrumb': 'Feed',
  'storePages.feed.intro':
    'Work out how much feed a pen of cattle needs to reach its target weight, what the gain costs and how well the ration converts. Enter your own ration price or take the price of a feed from the store.',
  'storePages.feed.inputs': 'Your cattle and ration',
  'storePages.feed.results': 'Results',
  'storePages.feed.headCount': 'Head count',
  'storePages.feed.startWeight': 'Start weight per head ({unit})',
  'storePages.feed.targetWeight': 'Target weight per head ({unit})',
  'storePages.feed.averageDailyGain': 'Average daily gain ({unit}/day)',
  'storePages.feed.dryMatterIntake': 'Dry-matter intake ({unit}/head/day)',
  'storePages.feed.dryMatterPercent': 'Ration dry matter (%)',
  'storePages.feed.dryMatterHelp': 'As fed; leave 100 if the price is per ton of dry matter.',
  'storePages.feed.costPerTon': 'Ration cost per {ton}',
  'storePages.feed.priceSource': 'Ration price',
  'storePages.feed.priceSource.manual': 'Enter my own price',
  'storePages.feed.priceSource.pick': 'Use a feed from the store',
  'storePages.feed.product': 'Feed from the store',
  'storePages.feed.productOption': '{name}, {pack}: {price} per {ton}',
  'storePages.feed.productHint': 'Price per {ton} from {price} for the {pack}.',
  'storePages.feed.noProducts': 'No feed in the store is sold by weight in your region.',
  'storePages.feed.viewProduct': 'View product',
  'storePages.feed.ton.lb': 'ton',
  'storePages.feed.ton.kg': 'tonne',
  'storePages.feed.tons.lb': '{value} tons',
  'storePages.feed.tons.kg': '{value} tonnes',
  'storePages.feed.fcr': 'Feed conversion ratio',
  'storePages.feed.fcrValue': '{value} : 1',
  'storePages.feed.fcrHelp': '{unit} of dry matter per {unit} of gain',
  'storePages.feed.daysOnFeed': 'Days on feed',
  'storePages.feed.daysValue': '{value} days',
  'storePages.feed.totalFeed': 'Total feed (as fed)',
  'storePages.feed.feedPerHead': '{value} {unit} per head',
  'storePages.feed.feedCostPerHead': 'Feed cost per head',
  'storePages.feed.totalFeedCost': 'Total feed cost: {value}',
  'storePages.feed.costOfGain': 'Cost of gain',
  'storePages.feed.costOfGainValue': '{value} per {unit}',
  'storePages.feed.gainPerHead': 'Gain of {value} {unit} per head',
  'storePages.feed.fixErrors': 'Fix the highlighted fields to see the results.',
  'storePages.feed.error.required': 'Enter a number.',
  'storePages.feed.error.not_a_number': 'Enter a number such as 3.5.',
  'storePages.feed.error.not_positive': 'Enter a number greater than zero.',
  'storePages.feed.error.not_whole': 'Enter a whole number of head.',
  'storePages.feed.error.target_not_above_start': 'The target weight must be more than the start weight.',
  'storePages.feed.error.above_100': 'Dry matter is at most 100%.',
  'storePages.feed.error.too_large': 'Enter a smaller number.',

  // Acre plans (/direct/acre-plan, /direct/acre-plan/:slug)
  'storePages.acre.title': 'Acre plans',
  'storePages.acre.intro':
    'Ready-made programs for one crop: the products, their rates per acre and the packs to buy for your acres, priced from the store’s prices.',
  'storePages.acre.perAcre': '{price} per acre',
  'storePages.acre.productCount': '{count, plural, one {# product} other {# products}}',
  'storePages.acre.view': 'Plan my acres',
  'storePages.acre.crop.corn': 'Corn',
  'storePages.acre.crop.soybeans': 'Soybeans',
  'storePages.acre.crop.wheat': 'Wheat',
  'storePages.acre.crop.canola': 'Canola',
  'storePages.acre.acres': 'Acres',
  'storePages.acre.acresHelp': 'Up to 100,000 acres.',
  'storePages.acre.calculate': 'Update',
  'storePages.acre.total': 'Total for {acres} acres',
  'storePages.acre.totalPerAcre': '{price} per acre with the packs you buy',
  'storePages.acre.planCost': 'Plan cost per acre',
  'storePages.acre.planCostNote': 'At each product’s best price per unit',
  'storePages.acre.col.product': 'Product',
  'storePages.acre.col.timing': 'Timing',
  'storePages.acre.col.rate': 'Rate per acre',
  'storePages.acre.col.quantity': 'Quantity',
  'storePages.acre.col.packs': 'Packs to buy',
  'storePages.acre.col.cost': 'Cost',
  'storePages.acre.rate': '{rate} {unit}',
  'storePages.acre.quantity': '{quantity} {unit}',
  'storePages.acre.bought': '{bought} {unit} bought',
  'storePages.acre.pack': '{count} × {label}',
  'storePages.acre.timing.burndown': 'Burndown',
  'storePages.acre.timing.seed': 'At seeding',
  'storePages.acre.timing.pre-emergence': 'Pre-emergence',
  'storePages.acre.timing.post-emergence': 'Post-emergence',
  'storePages.acre.timing.fungicide': 'Fungicide',
  'storePages.acre.timing.adjuvant': 'With the post pass',
  'storePages.acre.timing.nutrition': 'Foliar feed',
  'storePages.acre.error.required': 'Enter the number of acres.',
  'storePages.acre.error.not_a_number': 'Enter the acres as a number, such as 160 or 80.5.',
  'storePages.acre.error.not_positive': 'Enter more than 0 acres.',
  'storePages.acre.error.too_large': 'Enter at most 100,000 acres.',
  'storePages.acre.labelNote': 'Rates are typical label rates. Always read and follow the product label.',

  // House-brand packs (/direct/{brand}-pack, /direct/{brand}-pack/:slug)
  'storePages.brandPack.title': '{brand} packs',
  'storePages.brandPack.intro':
    'Our own-label products, bundled by use: one of each product’s smallest pack, priced together. Sold and shipped by {seller}.',
  'storePages.brandPack.packPrice': 'Pack price',
  'storePages.brandPack.view': 'See what’s in it',
  'storePages.brandPack.contents': 'What’s in the pack',
  'storePages.brandPack.item': '{label}',
  'storePages.brandPack.total': 'Pack price',
  'storePages.brandPack.buySeparately': 'Each product can also be bought on its own, in larger packs.',

  // Financing options (/direct/financing-options)
  'storePages.financing.title': 'Financing and payment options',
  'storePages.financing.intro':
    'How you can pay for an order in the {brand} store, in plain terms. What you are offered at checkout depends on your region and your account.',
  'storePages.financing.region': 'Options for {region}',
  'storePages.financing.region.US': 'the United States',
  'storePages.financing.region.CA': 'Canada',
  'storePages.financing.region.AU': 'Australia',
  'storePages.financing.region.QC': 'Quebec',
  'storePages.financing.group.financing': 'Financing',
  'storePages.financing.group.financing.intro':
    'Buy inputs now and pay later, against credit approved for your farm. Financing terms are shown together at checkout.',
  'storePages.financing.group.card': 'Credit card',
  'storePages.financing.group.card.intro':
    'Pay by card. Card payments carry a surcharge, shown as a percentage before you pay.',
  'storePages.financing.group.bank': 'Bank payment',
  'storePages.financing.group.bank.intro': 'Pay straight from your farm’s bank account.',
  'storePages.financing.group.offline': 'Pay later, outside the store',
  'storePages.financing.group.offline.intro': 'Place the order now and settle it by the terms below.',
  'storePages.financing.group.program': 'Programs',
  'storePages.financing.group.program.intro': 'Pay ahead through a program and draw on it as you order.',
  'storePages.financing.term.brand_financing': '{brand} financing',
  'storePages.financing.term.brand_financing.text':
    'Financing arranged by {brand} for store purchases: apply once, then use it on any order within your limit.',
  'storePages.financing.term.use_requested_financing': 'Use requested financing',
  'storePages.financing.term.use_requested_financing.text':
    'You have asked for financing and are waiting for an answer: place the order now on that request.',
  'storePages.financing.term.use_financing': 'Use financing',
  'storePages.financing.term.use_financing.text': 'Charge the order to financing already approved for your farm.',
  'storePages.financing.term.request_financing': 'Request financing',
  'storePages.financing.term.request_financing.text':
    'Ask for financing for this order; we confirm the order once it is approved.',
  'storePages.financing.term.apply_for_operating_line': 'Apply for an operating line',
  'storePages.financing.term.apply_for_operating_line.text':
    'Start an application for a revolving line of credit for the season’s inputs.',
  'storePages.financing.term.complete_operating_line_application': 'Complete your operating line application',
  'storePages.financing.term.complete_operating_line_application.text':
    'Finish an application you started: the lender needs the rest of your details.',
  'storePages.financing.term.accept_operating_line_terms': 'Accept operating line terms',
  'storePages.financing.term.accept_operating_line_terms.text':
    'Your line is approved: read and accept its rate and repayment terms to use it.',
  'storePages.financing.term.use_operating_line': 'Use your operating line',
  'storePages.financing.term.use_operating_line.text':
    'Draw on your approved operating line; you repay the lender on the line’s terms.',
  'storePages.financing.term.trade_credit': 'Trade credit',
  'storePages.financing.term.trade_credit.text':
    'Buy on your farm’s account with us and pay by the due date on the invoice.',
  'storePages.financing.term.inputs_financing': 'Inputs financing',
  'storePages.financing.term.inputs_financing.text':
    'Seasonal financing for crop inputs, often with a low or zero rate until harvest.',
  'storePages.financing.term.cardProvider_credit_card': 'Credit card',
  'storePages.financing.term.cardProvider_credit_card.text': 'Pay online with a credit card at checkout.',
  'storePages.financing.term.offline_credit_card': 'Credit card by phone',
  'storePages.financing.term.offline_credit_card.text':
    'Give your card to our team by phone after you place the order.',
  'storePages.financing.term.brand_ach': '{brand} ACH',
  'storePages.financing.term.brand_ach.text': 'An ACH debit from your US bank account, set up with {brand}.',
  'storePages.financing.term.ach': 'ACH',
  'storePages.financing.term.ach.text':
    'A transfer from your US bank account through the ACH network; it takes a few business days.',
  'storePages.financing.term.acss_debit': 'Pre-authorized debit',
  'storePages.financing.term.acss_debit.text': 'A pre-authorized debit from your Canadian bank account.',
  'storePages.financing.term.check': 'Check',
  'storePages.financing.term.check.text': 'Mail a check after you place the order; we ship once it clears.',
  'storePages.financing.term.28_eom': '28 days end of month',
  'storePages.financing.term.28_eom.text': 'Pay within 28 days after the end of the month of the invoice.',
  'storePages.financing.term.prepay_program': 'Prepay program',
  'storePages.financing.term.prepay_program.text':
    'Pay ahead of the season, often at a discount, and draw the prepayment down as you order.',
  'storePages.financing.none':
    'The store does not take orders in your region, so there are no payment options to show.',
  'storePages.financing.questions': 'Questions about financing? Write to {email} or call {phone}.',

  // Warehouse locations (/direct/warehouse-locations)
  'storePages.warehouses.title': 'Warehouse locations',
  'storePages.warehouses.intro':
    'Pick up your order at one of our warehouses. Choose pickup and the warehouse at checkout.',
  'storePages.warehouses.count': '{count, plural, one {# pickup location} other {# pickup locations}}',
  'storePages.warehouses.pickup': 'Pickup location',
  'storePages.warehouses.none': 'There are no pickup locations in your region yet.',
  'storePages.warehouses.address': 'Address',

  // Resources (/direct/resources)
  'storePages.resources.title': 'Resources',
  'storePages.resources.intro': 'Labels, safety data and tools to plan and pay for your inputs.',
  'storePages.resources.group.learn': 'Product information',
  'storePages.resources.group.plan': 'Planning tools',
  'storePages.resources.group.buy': 'Buying and pickup',
  'storePages.resources.group.policies': 'Policies',
  'storePages.resources.documents': 'Product documents',
  'storePages.resources.documents.text':
    'Specimen labels, safety data sheets, tech sheets and mixing instructions are on each product page: start from crop protection.',
  'storePages.resources.ingredients': 'Active ingredients',
  'storePages.resources.ingredients.text':
    'Every active ingredient, its mode of action and the products that carry it.',
  'storePages.resources.pests': 'Pests',
  'storePages.resources.pests.text': 'Weeds, insects and diseases, and the products labelled for them.',
  'storePages.resources.feed': 'Feed efficiency calculator',
  'storePages.resources.feed.text': 'Feed conversion, days on feed and cost of gain for your cattle.',
  'storePages.resources.acrePlans': 'Acre plans',
  'storePages.resources.acrePlans.text': 'Per-crop programs priced for your acres.',
  'storePages.resources.brandPacks': '{brand} packs',
  'storePages.resources.brandPacks.text': 'Our own-label products bundled by use.',
  'storePages.resources.financing': 'Financing and payment options',
  'storePages.resources.financing.text': 'Financing, card, bank and program payments explained.',
  'storePages.resources.warehouses': 'Warehouse locations',
  'storePages.resources.warehouses.text': 'Where to pick up your order.',
  'storePages.resources.terms': 'Terms and conditions',
  'storePages.resources.terms.text': 'The rules for using the store.',
  'storePages.resources.termsOfSale': 'Terms of sale',
  'storePages.resources.termsOfSale.text': 'Prices, payment, delivery, returns and warranties.',

  // Terms and conditions (/direct/terms-and-conditions)
  'storePages.terms.title': 'Terms and conditions',
  'storePages.terms.updated': 'These terms apply to every use of the {brand} store.',
  'storePages.terms.s1.title': '1. Who we are',
  'storePages.terms.s1.body':
    'The store is operated by {legalName}, trading as {tradeName} (“{brand}”, “we”, “us”). By browsing the store, creating an account or placing an order you agree to these terms. If you do not agree, do not use the store.',
  'storePages.terms.s2.title': '2. Your account',
  'storePages.terms.s2.body':
    'You must be at least 18 and buying for a farm or agricultural business. Keep your sign-in details to yourself; you are responsible for what is done with your account. Tell us at once at {email} if you think someone else has used it.',
  'storePages.terms.s3.title': '3. Product information',
  'storePages.terms.s3.body':
    'We show product labels, safety data sheets and descriptions as the manufacturers give them to us. The label on the product is the law: read it and follow it. Rates, acre plans and calculators in the store are guides, not agronomic or veterinary advice.',
  'storePages.terms.s4.title': '4. Restricted products',
  'storePages.terms.s4.body':
    'Some products may only be sold to certified applicators or in some states and provinces. We may ask for a licence, hold an order until we have it, or cancel the lines we cannot sell to you.',
  'storePages.terms.s5.title': '5. Prices and availability',
  'storePages.terms.s5.body':
    'Prices are in your region’s currency and may change until you place an order. Stock shown is our best information; if an item turns out to be unavailable we will tell you and you will not be charged for it.',
  'storePages.terms.s6.title': '6. Acceptable use',
  'storePages.terms.s6.body':
    'Do not misuse the store: no scraping, no attempts to get around security, no orders placed in someone else’s name without their authority. We may suspend an account that breaks these rules.',
  'storePages.terms.s7.title': '7. Privacy',
  'storePages.terms.s7.body':
    'We use your details to run your account, fulfil your orders and, if you agree, to tell you about offers. We do not sell your farm’s data. Questions about your data go to {dataEmail}.',
  'storePages.terms.s8.title': '8. Liability',
  'storePages.terms.s8.body':
    'To the extent the law allows, {brand} is not liable for indirect or consequential loss, including lost crops or yield, arising from the use of the store. Nothing in these terms limits rights you have by law.',
  'storePages.terms.s9.title': '9. Changes and contact',
  'storePages.terms.s9.body':
    'We may update these terms; the version on this page applies to orders placed after it is posted. Contact us at {email} or {phone}.',

  // Terms of sale (/direct/terms-of-sale)
  'storePages.sale.title': 'Terms of sale',
  'storePages.sale.updated': 'These terms apply to every order placed in the {brand} store.',
  'storePages.sale.s1.title': '1. The contract',
  'storePages.sale.s1.body':
    'An order is an offer to buy. A contract with {legalName} is made when we confirm the order by e-mail. Products sold by marketplace sellers are sold by those sellers on these terms and their own.',
  'storePages.sale.s2.title': '2. Prices and taxes',
  'storePages.sale.s2.body':
    'The price is the one shown when you place the order, in your region’s currency. Taxes, and shipping where it applies, are added at checkout. Card payments carry a surcharge shown before you pay.',
  'storePages.sale.s3.title': '3. Payment',
  'storePages.sale.s3.body':
    'You can pay by the terms offered at checkout: financing, card, bank payment, check where offered, or a program. Financing is subject to approval by the lender. Amounts not paid by the due date may carry interest as the law allows.',
  'storePages.sale.s4.title': '4. Delivery and pickup',
  'storePages.sale.s4.body':
    'We deliver to the address you choose or hold the order for pickup at the warehouse you choose. Dates are estimates. Check the delivery when it arrives and note any damage on the delivery receipt.',
  'storePages.sale.s5.title': '5. Title and risk',
  'storePages.sale.s5.body':
    'Risk passes to you on delivery or pickup. Ownership passes when we have been paid in full.',
  'storePages.sale.s6.title': '6. Returns',
  'storePages.sale.s6.body':
    'Unopened products in their original, undamaged packs may be returned within 30 days with proof of purchase, except seed treated to order, cold-chain animal health products and bulk totes. A restocking fee may apply. Contact {email} before you return anything.',
  'storePages.sale.s7.title': '7. Warranties',
  'storePages.sale.s7.body':
    'Products carry the manufacturer’s warranty on the label. {brand} warrants that the products match their description when delivered; results in the field depend on weather, application and other things we do not control.',
  'storePages.sale.s8.title': '8. Contact',
  'storePages.sale.s8.body': 'Questions about an order: {email} or {phone}.',
} as const;
