import AddIcon from '@mui/icons-material/Add';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import {
  SETTLEMENT_STATUSES,
  isoDateInZone,
  type CrmMarketRow,
  type SettlementStatusName,
  type SettlementSummary,
} from '@granary/domain';
import { Box, Button, LinearProgress, MenuItem, Paper, Stack, TablePagination, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { DataGrid } from '../../../lib/ui/grid/data-grid';
import type { GridColumn } from '../../../lib/ui/grid/grid-columns';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useCrmFormat } from '../components/use-crm-format';
import { ClientPicker, type PickedClient } from '../contract-writing/client-picker';
import { AdvancesAndLiens } from './advances-liens';
import { NewSettlementDialog } from './new-settlement-dialog';
import { SettlementDrawer } from './settlement-drawer';
import { SettlementStatusChip } from '../../../lib/trading/settlement-view';
import { useSettlementList } from './settlements-api';

const PAGE_SIZES = [25, 50, 100];

function defaultMarket(markets: readonly CrmMarketRow[]): CrmMarketRow | null {
  return markets.find((m) => m.userPermissions.includes('contracts')) ?? markets[0] ?? null;
}

function useColumns(): GridColumn<SettlementSummary>[] {
  const t = useT();
  const f = useCrmFormat();
  return useMemo(
    () => [
      {
        id: 'number',
        label: t('settlements.col.number'),
        render: (r) => r.displaySettlementId,
        cellSx: { fontWeight: 600 },
      },
      { id: 'date', label: t('settlements.col.date'), render: (r) => f.day(r.settlementDate) },
      { id: 'client', label: t('settlements.col.client'), render: (r) => r.clientName, cellSx: { minWidth: 180 } },
      { id: 'crop', label: t('settlements.col.crop'), render: (r) => `${r.cropName} ${r.cropYear}` },
      {
        id: 'contracts',
        label: t('settlements.col.contracts'),
        render: (r) => r.contracts.map((c) => c.displayContractId).join(', '),
      },
      {
        id: 'bushels',
        label: t('settlements.field.bushels'),
        numeric: true,
        render: (r) => f.columnQuantity(r.bushels),
      },
      { id: 'gross', label: t('settlements.field.gross'), numeric: true, render: (r) => f.money(r.gross) },
      {
        id: 'deductions',
        label: t('settlements.field.deductions'),
        numeric: true,
        render: (r) => f.money(r.deductionsTotal),
      },
      {
        id: 'net',
        label: t('settlements.field.net'),
        numeric: true,
        render: (r) => f.money(r.net),
        cellSx: { fontWeight: 600 },
      },
      {
        id: 'status',
        label: t('settlements.col.status'),
        render: (r) => <SettlementStatusChip status={r.status} />,
        // A phone card shows it at its top right (cardAside), not twice.
        cardHidden: true,
      },
    ],
    [t, f],
  );
}

function SettlementsBody({ context }: { context: CrmContextData }) {
  const t = useT();
  const columns = useColumns();
  const [marketId, setMarketId] = useState<number | null>(defaultMarket(context.markets)?.id ?? null);
  const market = context.markets.find((m) => m.id === marketId) ?? null;
  const today = isoDateInZone(new Date(), market?.timezone ?? 'America/Chicago');
  const [client, setClient] = useState<PickedClient | null>(null);
  const [status, setStatus] = useState<SettlementStatusName | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const canSettle = market?.userPermissions.includes('contracts') ?? false;
  const list = useSettlementList({ marketId, clientId: client?.id ?? null, status, page, pageSize });

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          {context.markets.length > 1 ? (
            <MarketSelector
              markets={context.markets}
              marketId={marketId}
              onChange={(id) => {
                setMarketId(id);
                setClient(null);
                setPage(1);
              }}
            />
          ) : null}
          <Box sx={{ flex: 1, minWidth: 220, maxWidth: { md: 360 } }}>
            <ClientPicker
              marketId={marketId}
              value={client}
              onChange={(c) => {
                setClient(c);
                setPage(1);
              }}
              label={t('settlements.filter.client')}
              size="small"
            />
          </Box>
          <TextField
            select
            size="small"
            label={t('settlements.col.status')}
            value={status ?? ''}
            onChange={(e) => {
              setStatus((e.target.value || null) as SettlementStatusName | null);
              setPage(1);
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('settlements.filter.any')}</MenuItem>
            {SETTLEMENT_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`settlements.status.${s}` as MessageId)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1, display: { xs: 'none', md: 'block' } }} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            disabled={!canSettle}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('settlements.new')}
          </Button>
        </Stack>
      </Paper>

      {client ? <AdvancesAndLiens clientId={client.id} today={today} /> : null}

      {list.isError ? <CrmErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.rows.length === 0 ? (
        <CrmEmptyState
          icon={<ReceiptLongOutlinedIcon />}
          title={t('settlements.empty.title')}
          body={t('settlements.empty.body')}
        />
      ) : null}
      {list.data && list.data.rows.length > 0 ? (
        <Paper variant="outlined">
          {list.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
          <DataGrid
            label={t('settlements.title')}
            columns={columns}
            rows={list.data.rows}
            rowKey={(r) => r.id ?? 0}
            density="comfortable"
            onOpen={(r) => setOpenId(r.id)}
            cardAside={(r) => <SettlementStatusChip status={r.status} />}
          />
          <TablePagination
            component="div"
            count={list.data.totalCount}
            page={page - 1}
            onPageChange={(_e, p) => setPage(p + 1)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
            }}
            labelRowsPerPage={t('settlements.rowsPerPage')}
          />
        </Paper>
      ) : null}

      <SettlementDrawer settlementId={openId} onClose={() => setOpenId(null)} />
      <NewSettlementDialog
        open={creating}
        marketId={marketId}
        today={today}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          setOpenId(id);
        }}
      />
    </>
  );
}

/** /crm/settlements: the settlements of the user's markets, New settlement, one settlement's detail; advances and liens. */
export function SettlementsPage() {
  const t = useT();
  return (
    <CrmPageFrame title={t('settlements.title')}>{(context) => <SettlementsBody context={context} />}</CrmPageFrame>
  );
}
