import { FarmBidsPage } from './bids/farm-bids-page';
import { MslEmbeddingContext } from './components/msl-frame';
import { MySalesLitePage } from './my-sales-lite-page';
import { MslSettlementsPage } from './settlements-page';
import { TicketsPage } from './tickets-page';

/** The My Sales Lite sections another page can mount (the profit center's sales sub-tabs and bids-offers). */
export type MslSectionId = 'contracts' | 'tickets' | 'settlements' | 'offers';

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
      ) : (
        <FarmBidsPage />
      )}
    </MslEmbeddingContext.Provider>
  );
}
