/**
 * What farmer-profit-center.spec (issue 17's farmer story) and global-setup's seed of its own data share: the story's
 * farmer, farm business and grain, apart from the demo farmer's so that the story needs nothing another spec uses.
 */
export const STORY = {
  email: 'story-farmer@e2e.granary.test',
  password: 'granary-demo',
  firstName: 'Rae',
  lastName: 'Willow',
  farm: 'Willow Bend Farms',
  /** The demo partner's market the farm sells to. */
  market: 'ames',
  /** Corn bushels planted × yield in the current crop year (the summary's production estimate). */
  acres: '400',
  yield: '200',
  /** The contract sent for signature: corn, the current crop year, priced. */
  toSign: { quantity: '5000', futures: '4.5000', basis: '-0.3000' },
  /** The contract delivered, settled and final: ready for a payment request. */
  settled: { quantity: '2000', futures: '4.4000', basis: '-0.2500' },
} as const;

/** The corn futures month the story's price alert watches: three years out, quoted by nothing else (no bid prices off it). */
export function storyAlertSymbol(now: Date = new Date()): string {
  return `ZCH${String(now.getUTCFullYear() + 3).slice(2)}`;
}
