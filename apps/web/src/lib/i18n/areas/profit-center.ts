import { esignMessages } from '../esign-messages';
import { marketingMessages } from '../marketing-messages';

/**
 * The profit center's messages (its e-signing page and contract-signed landing page): loaded with its pages, not in
 * the entry (docs/decisions/029-messages-by-area.md).
 */
export const profitCenterAreaMessages = {
  ...esignMessages,
  ...marketingMessages,
} as const;
