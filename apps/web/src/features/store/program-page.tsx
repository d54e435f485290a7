import { Typography } from '@mui/material';
import { isStoreProgram } from '@granary/domain';
import { useLocation } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useStoreListing } from './api/listing';
import { ListingView, useListingQuery } from './components/listing-view';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from './components/store-frame';

/** /direct/co-packs, /nutritionals, /inoculants, /organics, /bc-products: a store program, where the region has it. */
export function ProgramPage() {
  const t = useT();
  const partner = usePartner();
  const { pathname } = useLocation();
  const program = pathname.split('/').filter(Boolean).at(-1) ?? '';
  const valid = isStoreProgram(program);
  const listing = useStoreListing({ kind: 'program', program }, useListingQuery(), valid);
  const title = valid ? t(`store.program.${program}` as MessageId) : '';
  useDocumentTitle([title, partner.displayName]);
  return (
    <StorePage>
      {listing.data && valid ? (
        <>
          <StoreBreadcrumbs trail={[]} current={title} />
          <Typography component="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
            <T id={`store.program.${program}.intro` as MessageId} />
          </Typography>
          <ListingView listing={listing.data} title={title} isFetching={listing.isFetching} />
        </>
      ) : (
        <StoreQueryState error={listing.error} isPending={listing.isPending} onRetry={() => void listing.refetch()} />
      )}
    </StorePage>
  );
}
