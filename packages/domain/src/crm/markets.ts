// Markets (buying locations) as the CRM shows them (grain-marketing.md 3 'Market').

import { z } from 'zod';
import { MARKET_PERMISSIONS } from './permissions.ts';

export const crmMarketSchema = z.object({
  id: z.number().int(),
  displayName: z.string().nullable(),
  address: z.object({ city: z.string(), administrativeAreaLevel1: z.string() }),
  /** The user's permissions on this market (unknown names are dropped by the schema). */
  userPermissions: z
    .array(z.string())
    .transform((ps) => ps.filter((p) => (MARKET_PERMISSIONS as readonly string[]).includes(p))),
  sustainabilityEnabled: z.boolean(),
});
export type CrmMarket = z.infer<typeof crmMarketSchema>;

/** A market is shown as its displayName, or else as 'city, state'. */
export function marketLabel(market: {
  displayName?: string | null;
  address: { city: string; administrativeAreaLevel1: string };
}): string {
  const name = market.displayName?.trim();
  if (name) return name;
  return [market.address.city.trim(), market.address.administrativeAreaLevel1.trim()].filter(Boolean).join(', ');
}
