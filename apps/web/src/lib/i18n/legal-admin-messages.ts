/** The legal texts' editor on /crm/administrator (issue 13): a partner's administrators edit their legal pages. */
export const legalAdminMessages = {
  'crm.administrator.legal.title': 'Legal pages',
  'crm.administrator.legal.subtitle':
    'The texts of your terms of service, privacy policy and the other legal pages, as your visitors read them. Separate paragraphs with a blank line; start a heading with #, a list item with -, and write **bold** between double stars.',
  'crm.administrator.legal.document': 'Document',
  'crm.administrator.legal.text': 'Text',
  'crm.administrator.legal.preview': 'Preview',
  'crm.administrator.legal.save': 'Publish',
  'crm.administrator.legal.saved': '{document} published.',
  'crm.administrator.legal.view': 'Open the page',
  'crm.administrator.legal.empty': 'Nothing to preview yet.',
  'crm.administrator.legal.loadError': 'The legal texts could not be loaded.',
} as const;
