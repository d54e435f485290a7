import { Alert, Link, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useStoreListing } from './api/listing';
import { ListingView, useListingQuery } from './components/listing-view';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from './components/store-frame';
import { useStoreLocale } from './components/use-store-locale';

/** /direct/search?q=: typo-tolerant search with facets. */
export function SearchPage() {
  const t = useT();
  const partner = usePartner();
  const { href } = useStoreLocale();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const query = useListingQuery(q ? { q } : {});
  const category = params.get('category');
  if (category) query.category = category;
  const listing = useStoreListing({ kind: 'search' }, query, q !== '');
  const data = listing.data;
  useDocumentTitle([q ? t('store.search.resultsFor', { q }) : t('store.search.title'), partner.displayName]);
  return (
    <StorePage>
      <StoreBreadcrumbs trail={[]} current={t('store.search.title')} />
      <Typography component="h1" sx={{ fontSize: { xs: 22, md: 30 }, fontWeight: 800, mb: 1.5 }}>
        {q ? <T id="store.search.resultsFor" values={{ q }} /> : <T id="store.search.title" />}
      </Typography>
      {!q ? (
        <Typography color="text.secondary">
          <T id="store.search.prompt" />
        </Typography>
      ) : data ? (
        <>
          {data.matchedBy === 'synonym' && data.suggestion ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              <T id="store.search.synonym" values={{ term: <strong>{data.suggestion}</strong> }} />
            </Alert>
          ) : null}
          {data.matchedBy === 'similar' ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              <T id="store.search.similar" values={{ q }} />
              {data.suggestion ? (
                <>
                  {' '}
                  <T
                    id="store.search.didYouMean"
                    values={{
                      suggestion: (
                        <Link
                          component={RouterLink}
                          to={href(`/direct/search?q=${encodeURIComponent(data.suggestion)}`)}
                          sx={{ fontWeight: 700 }}
                        >
                          {data.suggestion}
                        </Link>
                      ),
                    }}
                  />
                </>
              ) : null}
            </Alert>
          ) : null}
          {data.matchedBy === 'none' ? (
            <Typography color="text.secondary" sx={{ py: 4 }}>
              <T id="store.search.none" values={{ q }} />
            </Typography>
          ) : (
            <ListingView
              listing={data}
              title={t('store.search.resultsFor', { q })}
              defaultSort="relevance"
              isFetching={listing.isFetching}
              categoryLink={(path) =>
                href(`/direct/search?q=${encodeURIComponent(q)}&category=${encodeURIComponent(path)}`)
              }
            />
          )}
        </>
      ) : (
        <StoreQueryState error={listing.error} isPending={listing.isPending} onRetry={() => void listing.refetch()} />
      )}
    </StorePage>
  );
}
