import { Box, Button, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { T, useT } from '../../lib/i18n/t';
import { useFarmerContracts, useFarmerFilters, useFarmerTaskList, useSalesSummary } from './api/sales';
import { useSigningLinks } from './api/signing';
import { ContractCard } from './components/contract-card';
import { ContractDialog } from './components/contract-dialog';
import { FilterBar } from './components/filter-bar';
import { MslFrame } from './components/msl-frame';
import { MslEmpty, MslError, MslLoading } from './components/msl-states';
import { SummaryCards } from './components/summary-cards';
import { TaskStrip } from './components/task-strip';
import { useUrlFilters, useUrlParam } from './components/use-list-filters';
import { useMslFormat } from './components/use-msl-format';

const FILTER_KEYS = ['crop', 'cropYear', 'status'] as const;

/**
 * /my-sales-lite: the farmer's sales. Summary cards per crop and crop year (a card filters the list), then the
 * contracts, newest first, each with what is delivered, what remains and its price status; a contract opens in a
 * dialog (full screen on a phone; its id is in the URL, so back closes it).
 */
export function MySalesLitePage() {
  const t = useT();
  const fmt = useMslFormat();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const [openId, setOpenId] = useUrlParam('contract');
  const summary = useSalesSummary();
  const tasks = useFarmerTaskList();
  const options = useFarmerFilters();
  const contracts = useFarmerContracts(filters);
  const signingLinks = useSigningLinks().data;
  const rows = useMemo(() => contracts.data?.pages.flatMap((p) => p.rows) ?? [], [contracts.data]);
  const total = contracts.data?.pages[0]?.totalCount ?? 0;
  const filtered = Object.keys(filters).length > 0;
  const selectedCard =
    filters.crop && filters.cropYear ? { cropId: Number(filters.crop), cropYear: Number(filters.cropYear) } : null;
  const contractId = openId && /^\d+$/.test(openId) ? Number(openId) : null;

  return (
    <MslFrame title="msl.title.sales">
      {tasks.data ? <TaskStrip tasks={tasks.data} onOpen={(id) => setOpenId(String(id))} /> : null}
      {summary.error ? (
        <Box sx={{ mb: 3 }}>
          <MslError error={summary.error} onRetry={() => void summary.refetch()} />
        </Box>
      ) : !summary.data ? (
        <Box sx={{ mb: 3 }}>
          <MslLoading count={1} height={168} />
        </Box>
      ) : summary.data.rows.length > 0 ? (
        <SummaryCards
          rows={summary.data.rows}
          fmt={fmt}
          selected={selectedCard}
          onSelect={(row) =>
            setFilters(
              row
                ? { ...filters, crop: String(row.cropId), cropYear: String(row.cropYear) }
                : { status: filters.status },
            )
          }
        />
      ) : null}

      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
          <T id="msl.contracts.heading" />
        </Typography>
        {contracts.data && total > 0 ? (
          <Typography variant="body2" color="text.secondary">
            <T id="msl.shownOf" values={{ shown: rows.length, total }} />
          </Typography>
        ) : null}
      </Stack>
      <FilterBar filters={options.data} value={filters} onChange={setFilters} />

      {contracts.error ? (
        <MslError error={contracts.error} onRetry={() => void contracts.refetch()} />
      ) : !contracts.data ? (
        <MslLoading />
      ) : rows.length === 0 ? (
        filtered ? (
          <MslEmpty
            title={<T id="msl.contracts.emptyFiltered.title" />}
            action={
              <Button variant="outlined" onClick={() => setFilters({})}>
                <T id="msl.filter.clear" />
              </Button>
            }
          />
        ) : (
          <MslEmpty title={<T id="msl.contracts.empty.title" />} body={<T id="msl.contracts.empty.body" />} />
        )
      ) : (
        <>
          <Box
            component="ul"
            aria-label={t('msl.contracts.listLabel')}
            sx={{
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {rows.map((c) => (
              <ContractCard
                key={c.id}
                contract={c}
                fmt={fmt}
                onOpen={(id) => setOpenId(String(id))}
                signingUrl={signingLinks?.get(c.id) ?? null}
              />
            ))}
          </Box>
          {contracts.hasNextPage ? (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button
                variant="outlined"
                onClick={() => void contracts.fetchNextPage()}
                disabled={contracts.isFetchingNextPage}
              >
                <T id={contracts.isFetchingNextPage ? 'msl.loading' : 'msl.loadMore'} />
              </Button>
            </Box>
          ) : null}
        </>
      )}
      <ContractDialog
        contractId={contractId}
        number={rows.find((r) => r.id === contractId)?.displayContractId ?? null}
        onClose={() => setOpenId(null)}
      />
    </MslFrame>
  );
}
