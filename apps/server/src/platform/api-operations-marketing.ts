// The profit center's marketing tab (issue 17, decision 058) for the API reference's table of contents
// (api-operations.ts, which reached its 500-line limit): one line per route.

const PC = '/api/commodities/profit-center';

export const MARKETING_OPERATIONS: Readonly<Record<string, string>> = {
  [`GET ${PC}/marketing-plan/enterprise-data`]: "The current farm business's marketing plans",
  [`GET ${PC}/marketing-plan/:crop/:year`]: 'A marketing plan of a crop and year, and the sales against its targets',
  [`PUT ${PC}/marketing-plan/:crop/:year`]: "Save a marketing plan's targets (date, % sold, minimum price)",
  [`GET ${PC}/alerts`]: "The user's price alerts",
  [`GET ${PC}/alerts/:crop`]: "The user's price alerts of a crop",
  [`POST ${PC}/alerts/:crop`]: 'Set a price alert on a local bid or a futures contract',
  [`GET ${PC}/alerts/:crop/:alertId`]: 'One of the user’s price alerts',
  [`PUT ${PC}/alerts/:crop/:alertId`]: 'Edit a price alert (and arm it again)',
  [`DELETE ${PC}/alerts/:crop/:alertId`]: 'Remove a price alert',
};
