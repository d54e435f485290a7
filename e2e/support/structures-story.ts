import { FUTURES_PRODUCTS, listedContracts } from '@granary/domain';

/**
 * structures.spec's story (issue 18's e2e): its own client at Ames and its own corn futures month — the last listed
 * one, which no other spec prices off — whose feed "was down": a current quote, no settlement for the last weeks. The
 * admin's import then brings the missed days' settles one at a time.
 */
export const STRUCTURES_STORY = {
  client: 'Meadowlark Acres',
  market: 'ames',
  /** The quote the structure is priced at ($/bu). */
  futures: '4.8000',
  /** The client's farmer (the owner of its farm business), who sees the structure read-only in My Sales Lite. */
  farmerEmail: 'structures-farmer@e2e.granary.test',
  farm: 'Meadowlark Acres Farm',
  /**
   * The farmer's session, made by the seed (the spec opens a browser with it rather than signing in through the
   * password form and its shared rate limit). Only the e2e server's throwaway database knows it.
   */
  farmerSession: 'e2e-structures-farmer-session-5c1d9a7e4b2f',
} as const;

/** The story's futures month on a given exchange day ('YYYY-MM-DD'): corn's last listed contract, as the demo lists. */
export function structuresStoryMonth(today: string): { symbol: string; optionMonth: string } {
  const corn = FUTURES_PRODUCTS.find((p) => p.root === 'ZC')!;
  const last = listedContracts(corn, today, 8).at(-1)!;
  return { symbol: last.symbol, optionMonth: last.optionMonth };
}
