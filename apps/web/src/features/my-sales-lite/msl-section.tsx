import { BalancesPage } from './balances-page';
import { FarmBidsPage } from './bids/farm-bids-page';
import { MslEmbeddingContext } from './components/msl-frame';
import { MySalesLitePage } from './my-sales-lite-page';
import { PaymentHistorySection } from './payments/history-section';
import { MslPaymentsPage } from './payments-page';
import { MslSettlementsPage } from './settlements-page';
import { MslStructuresPage } from './structures/structures-section';
import { TicketsPage } from './tickets-page';

/**
 * The My Sales Lite sections another page can mount (the profit center's sales sub-tabs — contracts, tickets,
 * settlements, offers, structures —, bids-offers, and the
 * payments tab's sub-tabs: requesting payment with the requests' timelines, the payment history, the balances).
 */
export type MslSectionId =
  'contracts' | 'tickets' | 'settlements' | 'offers' | 'payments' | 'payment-history' | 'balances' | 'structures';

/**
 * One of My Sales Lite's pages mounted inside another page (issue 17: the profit center's tabs show the same
 * components, not copies): without its own heading and navigation; the local bids' market picker stays on `bidsPath`.
 */
export function MslSection({
  section,
  bidsPath,
  marketName,
}: {
  section: MslSectionId;
  bidsPath: string;
  marketName?: string | undefined;
}) {
  return (
    <MslEmbeddingContext.Provider value={{ bidsPath, marketName }}>
      {section === 'contracts' ? (
        <MySalesLitePage />
      ) : section === 'tickets' ? (
        <TicketsPage />
      ) : section === 'settlements' ? (
        <MslSettlementsPage />
      ) : section === 'payments' ? (
        <MslPaymentsPage />
      ) : section === 'payment-history' ? (
        <PaymentHistorySection />
      ) : section === 'balances' ? (
        <BalancesPage />
      ) : section === 'structures' ? (
        <MslStructuresPage />
      ) : (
        <FarmBidsPage />
      )}
    </MslEmbeddingContext.Provider>
  );
}
