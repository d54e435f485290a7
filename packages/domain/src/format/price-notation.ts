// The partner's price notation setting as validated input (GET/PUT partner/price-notation, the partner record).
// Apart from price.ts so that formatting a price never pulls zod into a page that only formats (the light /market).
import { z } from 'zod';
import { BASIS_NOTATIONS, PRICE_NOTATIONS } from './price.ts';

export const priceNotationSettingsSchema = z.object({
  price: z.enum(PRICE_NOTATIONS),
  basis: z.enum(BASIS_NOTATIONS),
});
