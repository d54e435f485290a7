import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Divider,
  Drawer,
  FormControl,
  FormControlLabel,
  InputLabel,
  Link,
  MenuItem,
  Pagination,
  PaginationItem,
  Select,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import {
  formatMoney,
  type StoreFacets,
  type StoreFacetValue,
  type StoreListing,
  type StoreSort,
} from '@granary/domain';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import type { QueryValue } from '../../../lib/api/request';
import { usePartner } from '../../../lib/brand/partner-context';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { ProductGrid } from './product-card';
import { useStoreLocale } from './use-store-locale';

/** The URL parameters of a listing that are facet choices (each may repeat). */
const FACET_PARAMS = ['brand', 'kind', 'seller', 'ingredient', 'pest'] as const;
type FacetParam = (typeof FACET_PARAMS)[number];

/** The listing call's query from the page URL (facets, price band, stock, sort, page) and the region's locale. */
export function useListingQuery(extra: Record<string, QueryValue> = {}): Record<string, QueryValue> {
  const [params] = useSearchParams();
  const { locale } = useStoreLocale();
  const query: Record<string, QueryValue> = { ...(locale ? { locale } : {}), ...extra };
  for (const key of FACET_PARAMS) {
    const values = params.getAll(key).filter(Boolean);
    if (values.length) query[key] = values;
  }
  const price = params.get('price');
  if (price && /^\d+-\d*$/.test(price)) {
    const [min, max] = price.split('-');
    query.minPrice = min;
    if (max) query.maxPrice = max;
  }
  if (params.get('inStock') === 'true') query.inStock = 'true';
  for (const key of ['sort', 'page'] as const) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query;
}

const SORTS: StoreSort[] = ['featured', 'relevance', 'price-asc', 'price-desc', 'name-asc', 'name-desc'];
const FACET_TITLES: Record<FacetParam, MessageId> = {
  brand: 'store.facet.brands',
  kind: 'store.facet.kinds',
  seller: 'store.facet.sellers',
  ingredient: 'store.facet.ingredients',
  pest: 'store.facet.pests',
};
const FACET_SOURCE: Record<FacetParam, keyof StoreFacets> = {
  brand: 'brands',
  kind: 'kinds',
  seller: 'sellers',
  ingredient: 'ingredients',
  pest: 'pests',
};

function FacetGroup({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" sx={{ fontWeight: 700, fontSize: 14, mb: 0.5, p: 0 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function CheckList({
  param,
  values,
  label,
}: {
  param: FacetParam;
  values: StoreFacetValue[];
  label: (v: StoreFacetValue) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const [all, setAll] = useState(false);
  const chosen = params.getAll(param);
  const shown = all ? values : values.slice(0, 6);
  const toggle = (value: string) => {
    const next = new URLSearchParams(params);
    next.delete(param);
    const set = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
    for (const v of set) next.append(param, v);
    next.delete('page');
    setParams(next);
  };
  return (
    <Stack>
      {shown.map((v) => (
        <FormControlLabel
          key={v.value}
          sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize: 14, flex: 1 } }}
          control={
            <Checkbox
              size="small"
              checked={chosen.includes(v.value)}
              onChange={() => toggle(v.value)}
              sx={{ p: 0.5 }}
            />
          }
          label={
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>{label(v)}</span>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {v.count}
              </Box>
            </Box>
          }
        />
      ))}
      {values.length > 6 ? (
        <Link
          component="button"
          type="button"
          onClick={() => setAll(!all)}
          sx={{ alignSelf: 'flex-start', fontSize: 13, mt: 0.5 }}
        >
          {all ? <T id="store.facet.showLess" /> : <T id="store.facet.showMore" />}
        </Link>
      ) : null}
    </Stack>
  );
}

function priceBandLabel(min: string, max: string | null, currency: StoreListing['region']['currency']): string {
  const money = (v: string) => formatMoney(v, { currency, minFractionDigits: 0 });
  const code = currency === 'USD' ? '' : ` ${currency}`;
  return max === null ? `${money(min)}+${code}` : `${money(min)} – ${money(max)}${code}`;
}

/** The facet panel: categories below the page's, then the checklists, price bands and 'in stock only'. */
function FacetPanel({ listing, categoryLink }: { listing: StoreListing; categoryLink?: (path: string) => string }) {
  const t = useT();
  const partner = usePartner();
  const [params, setParams] = useSearchParams();
  const { facets } = listing;
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    next.delete('page');
    setParams(next);
  };
  const kindLabel = (v: StoreFacetValue) => t(`store.kind.${v.value}` as MessageId);
  // The house store wears the partner's name.
  const sellerLabel = (v: StoreFacetValue) => (v.value === 'house' ? partner.displayName : v.label);
  return (
    <Box aria-label={t('store.listing.filters')} role="group">
      {facets.categories.length > 0 && categoryLink ? (
        <FacetGroup title={<T id="store.facet.categories" />}>
          <Stack spacing={0.5}>
            {facets.categories.map((c) => (
              <Link
                key={c.value}
                component={RouterLink}
                to={categoryLink(c.value)}
                underline="hover"
                sx={{ fontSize: 14, display: 'flex', justifyContent: 'space-between' }}
              >
                <span>{c.label}</span>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {c.count}
                </Box>
              </Link>
            ))}
          </Stack>
        </FacetGroup>
      ) : null}
      <FormControlLabel
        sx={{ mb: 1.5, ml: 0 }}
        control={
          <Switch
            size="small"
            checked={params.get('inStock') === 'true'}
            onChange={(e) => set('inStock', e.target.checked ? 'true' : null)}
          />
        }
        label={
          <Typography sx={{ fontSize: 14, fontWeight: 600 }}>
            <T id="store.facet.inStock" values={{ count: facets.inStock }} />
          </Typography>
        }
      />
      {facets.prices.length > 0 ? (
        <FacetGroup title={<T id="store.facet.prices" />}>
          <Stack>
            {facets.prices.map((p) => (
              <FormControlLabel
                key={p.value}
                sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize: 14, flex: 1 } }}
                control={
                  <Checkbox
                    size="small"
                    checked={params.get('price') === p.value}
                    onChange={(e) => set('price', e.target.checked ? p.value : null)}
                    sx={{ p: 0.5 }}
                  />
                }
                label={
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <span>{priceBandLabel(p.min, p.max, listing.region.currency)}</span>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {p.count}
                    </Box>
                  </Box>
                }
              />
            ))}
          </Stack>
        </FacetGroup>
      ) : null}
      {FACET_PARAMS.map((param) => {
        const values = facets[FACET_SOURCE[param]] as StoreFacetValue[];
        if (values.length === 0) return null;
        return (
          <FacetGroup key={param} title={<T id={FACET_TITLES[param]} />}>
            <CheckList
              param={param}
              values={values}
              label={param === 'kind' ? kindLabel : param === 'seller' ? sellerLabel : (v) => v.label}
            />
          </FacetGroup>
        );
      })}
    </Box>
  );
}

/** The chosen filters as chips, each removable, and 'Clear all filters'. */
function ChosenFilters() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const chosen: { key: string; value: string; label: string }[] = [];
  for (const key of FACET_PARAMS)
    for (const value of params.getAll(key))
      chosen.push({ key, value, label: key === 'kind' ? t(`store.kind.${value}` as MessageId) : value });
  if (params.get('price'))
    chosen.push({ key: 'price', value: params.get('price')!, label: params.get('price')!.replace('-', ' – ') });
  if (params.get('inStock') === 'true') chosen.push({ key: 'inStock', value: 'true', label: t('store.card.inStock') });
  if (chosen.length === 0) return null;
  const remove = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    const rest = next.getAll(key).filter((v) => v !== value);
    next.delete(key);
    for (const v of rest) next.append(key, v);
    next.delete('page');
    setParams(next);
  };
  const clear = () => {
    const next = new URLSearchParams();
    for (const key of ['q', 'sort', 'pageSize']) if (params.get(key)) next.set(key, params.get(key)!);
    setParams(next);
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      {chosen.map((c) => (
        <Chip key={`${c.key}:${c.value}`} label={c.label} onDelete={() => remove(c.key, c.value)} size="small" />
      ))}
      <Button size="small" onClick={clear}>
        <T id="store.listing.clearFilters" />
      </Button>
    </Stack>
  );
}

/** A listing: result count and sort above the grid, facets beside it (a drawer on a phone), page numbers below. */
export function ListingView({
  listing,
  title,
  categoryLink,
  defaultSort = 'featured',
  isFetching = false,
}: {
  listing: StoreListing;
  title: string;
  categoryLink?: (path: string) => string;
  defaultSort?: StoreSort;
  isFetching?: boolean;
}) {
  const t = useT();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const sort = (params.get('sort') as StoreSort | null) ?? defaultSort;
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete('page');
    else next.set('page', String(page));
    const search = next.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  const panel = <FacetPanel listing={listing} {...(categoryLink ? { categoryLink } : {})} />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' }, gap: 3 }}>
      <Box component="aside" sx={{ display: { xs: 'none', md: 'block' } }}>
        {panel}
      </Box>
      <Box sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}
        >
          <Typography role="status" sx={{ fontWeight: 600 }}>
            <T id="store.listing.results" values={{ count: listing.total }} />
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button
              variant="outlined"
              startIcon={<TuneRoundedIcon />}
              onClick={() => setOpen(true)}
              sx={{ display: { md: 'none' } }}
            >
              <T id="store.listing.filters" />
            </Button>
            <FormControl size="small" sx={{ minWidth: 180 }}>
              <InputLabel id="store-sort-label">
                <T id="store.listing.sort" />
              </InputLabel>
              <Select
                labelId="store-sort-label"
                label={t('store.listing.sort')}
                value={sort}
                onChange={(e) => {
                  const next = new URLSearchParams(params);
                  next.set('sort', e.target.value);
                  next.delete('page');
                  setParams(next);
                }}
              >
                {SORTS.filter((s) => s !== 'relevance' || defaultSort === 'relevance').map((s) => (
                  <MenuItem key={s} value={s}>
                    <T id={`store.sort.${s}` as MessageId} />
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Stack>
        </Stack>
        <ChosenFilters />
        {listing.products.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            <T id="store.listing.empty" />
          </Typography>
        ) : (
          <ProductGrid products={listing.products} label={title} />
        )}
        {listing.pageCount > 1 ? (
          <Box
            component="nav"
            aria-label={t('store.listing.pagination')}
            sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}
          >
            <Pagination
              page={listing.page}
              count={listing.pageCount}
              siblingCount={1}
              renderItem={(item) => <PaginationItem component={RouterLink} to={pageHref(item.page ?? 1)} {...item} />}
            />
          </Box>
        ) : null}
      </Box>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } } }}
      >
        <Box sx={{ p: 2 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            <T id="store.listing.filters" />
          </Typography>
          <Divider sx={{ mb: 2 }} />
          {panel}
          <Button variant="contained" fullWidth onClick={() => setOpen(false)} sx={{ mt: 1 }}>
            <T id="store.facet.closeFilters" values={{ count: listing.total }} />
          </Button>
        </Box>
      </Drawer>
    </Box>
  );
}
