// Sustainability programs (issue 17, decision 059) for the API reference's table of contents (api-operations.ts,
// which reached its 500-line limit): one line per route.

const PC = '/api/commodities/profit-center';
const MERCH = '/api/commodities/merchandising';
const MARKET = `${MERCH}/le/:platformId/market/:marketId`;

export const SUSTAINABILITY_OPERATIONS: Readonly<Record<string, string>> = {
  [`GET ${PC}/sustainability`]: "The sustainability programs of the farmer's buyers and the farmer's enrolments",
  [`POST ${PC}/sustainability/:surveyId/sign`]: "Enrol a farm business: the survey's answers and acres, sent to sign",
  [`POST ${PC}/sustainability/sign`]: 'Sign an enrolment (typed name and consent): enrolled',
  [`POST ${PC}/sustainability/enrolments/:enrolmentId/withdraw`]: 'Withdraw from a sustainability program',
  [`GET ${MARKET}/legal-entities`]: "A market's clients enrolled in its sustainability programs, acres per crop/year",
  [`GET ${MARKET}/legal-entities/:clientId`]: "One client's sustainability enrolments at a market",
  [`GET ${MERCH}/instrument/filters`]: "The enrolled clients list's filters: programs, crops, crop years, statuses",
  [`GET ${MARKET}/sustainability-programs`]: "A market's sustainability programs (buyer administrators)",
  [`POST ${MARKET}/sustainability-programs`]: 'Create a sustainability program and its survey (buyer administrators)',
  [`PUT ${MARKET}/sustainability-programs/:programId`]: 'Change a sustainability program (buyer administrators)',
};
