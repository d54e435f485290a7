import type { CrmMarketRow } from '@granary/domain';
import type { ComponentType } from 'react';
import type { MessageId } from '../../../lib/i18n/messages';
import type { CrmContextData } from '../components/crm-page-frame';
import { LiveStructuresTab } from './live-structures-tab';
import { PositionManagerTab } from './position-manager';
import { PricingToolTab } from './pricing-tool-tab';
import { SavedQuotesTab } from './saved-quotes-tab';

/** What every tab of /crm/structures gets: the CRM context, the selected market, and whether the user may write. */
export type StructuresTabProps = { context: CrmContextData; market: CrmMarketRow; canWrite: boolean };

type StructuresTab = { id: string; label: MessageId; Component: ComponentType<StructuresTabProps> };

/**
 * The tabs of /crm/structures, in the bar's order; the first is the default (no `structure_view` in the URL). Add a
 * tab here (its id is its `structure_view` value) and the page shows it.
 */
export const STRUCTURES_TABS = [
  { id: 'live', label: 'structures.tab.live', Component: LiveStructuresTab },
  { id: 'pricing', label: 'structures.tab.pricing', Component: PricingToolTab },
  { id: 'quotes', label: 'structures.tab.quotes', Component: SavedQuotesTab },
  { id: 'positions', label: 'structures.tab.positions', Component: PositionManagerTab },
] as const satisfies readonly StructuresTab[];
