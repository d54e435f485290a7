import type { LegalDocument } from '@granary/domain';
import type { legalTexts, partners } from '../db/schema/index.ts';

type PartnerInsert = typeof partners.$inferInsert;
type LegalTextInsert = typeof legalTexts.$inferInsert;
type Words = {
  brand: string;
  tradeName: string;
  legalName: string;
  email: string;
  phone: string;
  dataEmail: string;
  /** The partner's own spelling: a US partner writes 'license', a Canadian one 'licence' (issue 13). */
  licence: string;
};

/** Demo partners whose texts are written in Canadian spelling (Prairie's markets are in Saskatchewan). */
const COMMONWEALTH_SPELLING = new Set(['prairie']);

/** The starting texts of the five legal pages, in the partner's brand words (its administrators then edit them). */
const TEXTS: Record<LegalDocument, (w: Words) => string> = {
  'terms-of-service': (
    w,
  ) => `These terms govern your use of the ${w.brand} website and apps, operated by ${w.legalName} ("${w.tradeName}", "we"). By creating an account or using the service you agree to them.

# Your account
You must give accurate information when you sign up and keep your sign-in details to yourself. You are responsible for what is done with your account. Tell us at ${w.email} if you think someone else has used it.

# Prices, bids and contracts
Cash bids, basis and futures prices shown in ${w.brand} are for information and may change without notice. A grain contract binds you and ${w.tradeName} only once it is confirmed in writing or signed electronically. Offers you place are filled only if the market reaches your price while the offer is open.

# The store
Orders placed in the ${w.brand} store are subject to the store's terms of sale. Some products require a valid applicator ${w.licence} or are not sold in every region.

# Acceptable use
- Do not try to reach data that is not yours or interfere with the service.
- Do not copy prices or content for resale.
- Do not use the service for anything unlawful.

# Liability
We provide the service with care but cannot promise it is always available or free of errors. To the extent the law allows, ${w.legalName} is not liable for indirect losses arising from your use of it.

# Changes and contact
We may update these terms; the date at the top shows the latest version. Questions: ${w.email} or ${w.phone}.`,
  'privacy-policy': (
    w,
  ) => `This policy explains how ${w.legalName} ("${w.tradeName}") collects and uses personal information when you use ${w.brand}.

# What we collect
- Your name, e-mail address, phone number and farm details you give us.
- Your contracts, deliveries, settlements and store orders with ${w.tradeName}.
- Technical data such as your browser, device and pages visited, to keep the service secure and working.

# How we use it
We use your information to run your account, show you your grain business with us, process store orders, send the messages you asked for, and meet our legal obligations. We do not sell your personal information.

# Who we share it with
Service providers that host or support ${w.brand} on our behalf, under contract; payment and delivery partners for your orders; authorities when the law requires it.

# Your choices
You can update your profile at any time, unsubscribe from marketing e-mails with the link in each message, and ask for a copy or deletion of your data at ${w.dataEmail}.

# Contact
Write to ${w.dataEmail} or call ${w.phone}.`,
  'ccpa-privacy-policy': (
    w,
  ) => `This notice supplements the ${w.brand} privacy policy for California residents under the California Consumer Privacy Act (CCPA).

# Your rights
- **Know:** ask what personal information ${w.legalName} has collected about you and why.
- **Delete:** ask us to delete personal information we hold about you, with exceptions the law allows.
- **Correct:** ask us to correct inaccurate information.
- **Opt out:** ${w.tradeName} does not sell or share personal information for cross-context behavioral advertising.

# How to ask
E-mail ${w.dataEmail} or call ${w.phone}. We will verify your identity before acting on a request and answer within 45 days. We will not treat you differently for using these rights.`,
  'community-content-policy': (
    w,
  ) => `${w.brand} lets you post reviews, questions and other content. This policy says what belongs there.

# What we welcome
Honest reviews of products you have used, practical questions and answers, and respectful discussion of farming.

# What we remove
- Personal attacks, harassment or hate speech.
- Advertising, spam or links to unrelated sites.
- Another person's private information.
- Advice to use a product against its label.

# How we moderate
${w.tradeName} may edit or remove content that breaks this policy and suspend accounts that repeatedly do. To report content, write to ${w.email}.`,
  'electronic-funds-transfer': (
    w,
  ) => `This agreement covers payments between you and ${w.legalName} by electronic funds transfer (EFT), such as grain settlements paid to your bank account and store orders paid by ACH.

# Authorization
By giving ${w.tradeName} your bank account details you authorize us to deposit settlement payments to that account and, for store orders you place with ACH, to debit it for the amount of each order.

# Timing
Settlement deposits are usually made within two business days of the settlement date. Debits for store orders are made when the order ships or is picked up.

# Errors and changes
Check your statements and tell us of any error within 60 days at ${w.email} or ${w.phone}. To change or cancel this authorization, contact us at least three business days before the next payment.`,
};

/** The five texts for each demo partner, with its brand words. */
export function demoLegalTexts(partnerRows: readonly PartnerInsert[]): LegalTextInsert[] {
  return partnerRows.flatMap((partner) => {
    const b = partner.branding;
    const words: Words = {
      brand: b.shortName,
      tradeName: b.tradeName,
      legalName: b.legalName,
      email: b.supportEmail,
      phone: b.supportPhone,
      dataEmail: b.dataEmail,
      licence: COMMONWEALTH_SPELLING.has(partner.id) ? 'licence' : 'license',
    };
    return (Object.keys(TEXTS) as LegalDocument[]).map((document) => ({
      partnerId: partner.id,
      document,
      body: TEXTS[document](words),
    }));
  });
}
