import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { PAYMENT_STATUS_TABS, type CrmMarketRow, type PaymentRequestRow, type PaymentStatusTab } from '@granary/domain';
import { Alert, Box, Button, LinearProgress, Paper, Snackbar, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { DataGrid } from '../../../lib/ui/grid/data-grid';
import { DEFAULT_GRID_PREFS, visibleColumns } from '../../../lib/ui/grid/grid-columns';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { usePaymentCommand, usePaymentRequests, type PaymentCommand } from './api/payments-api';
import { usePaymentColumns } from './components/payment-columns';
import { PaymentDialog, type PaymentDialogKind } from './components/payment-dialogs';
import { PaymentDrawer } from './components/payment-drawer';
import { PaymentMarketFilter } from './components/payment-market-filter';
import { PaymentStatusChip } from '../../../lib/trading/payment-status-chip';

/** Payment requests are decided with the contracts permission at the market (grain-marketing.md 6). */
const hasContracts = (market: CrmMarketRow) => market.userPermissions.includes('contracts');

const TAB_LABEL: Record<PaymentStatusTab, MessageId> = {
  requested: 'payments.tab.requested',
  approved: 'payments.tab.approved',
  sent: 'payments.tab.sent',
  settled: 'payments.tab.settled',
  rejected_returned: 'payments.tab.rejected_returned',
};

const DONE: Record<PaymentDialogKind, MessageId> = {
  approve: 'payments.done.approve',
  reject: 'payments.done.reject',
  settle: 'payments.done.settle',
  return: 'payments.done.return',
};

function isTab(value: string | null): value is PaymentStatusTab {
  return PAYMENT_STATUS_TABS.some((t) => t.tab === value);
}

/** A market's payment requests: status tabs, the list (cards on a phone), its pages, the detail and the decisions. */
function MarketPayments({ marketId }: { marketId: number | null }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab: PaymentStatusTab = isTab(rawTab) ? rawTab : 'requested';
  const [paging, setPaging] = useState<{ page: number; token: string | null; tokens: Record<number, string | null> }>({
    page: 1,
    token: null,
    tokens: {},
  });
  const list = usePaymentRequests(marketId, tab, paging);
  const [openId, setOpenId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ row: PaymentRequestRow; kind: PaymentDialogKind } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const command = usePaymentCommand();
  const open = useCallback((row: PaymentRequestRow) => setOpenId(row.id), []);
  const columns = usePaymentColumns(open);

  const setTab = (next: PaymentStatusTab) => {
    setParams((cur) => {
      const p = new URLSearchParams(cur);
      if (next === 'requested') p.delete('tab');
      else p.set('tab', next);
      return p;
    });
    setPaging({ page: 1, token: null, tokens: {} });
  };

  const data = list.data;
  const rows = data?.paymentRequests ?? [];
  const goTo = (next: number) => {
    const token =
      next === 1 ? null : next === paging.page + 1 ? (data?.paginationToken ?? null) : (paging.tokens[next] ?? null);
    setPaging((cur) => ({ page: next, token, tokens: { ...cur.tokens, [next]: token } }));
  };
  const from = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? from + rows.length - 1 : 0;

  const submit = async (c: PaymentCommand) => {
    if (!dialog) return;
    await command.mutateAsync({ row: dialog.row, command: c });
    setNotice(t(DONE[dialog.kind]));
    setDialog(null);
  };

  let body;
  if (list.error && !data) body = <CrmErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!data) body = <PageSpinner />;
  else if (rows.length === 0)
    body = (
      <CrmEmptyState
        icon={<PaymentsOutlinedIcon />}
        title={<T id="payments.empty.title" />}
        body={<T id="payments.empty.body" />}
      />
    );
  else
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          label={t('payments.table')}
          columns={visibleColumns(columns, DEFAULT_GRID_PREFS)}
          rows={rows}
          rowKey={(r) => r.id}
          density="comfortable"
          onOpen={open}
          rowAttributes={(r) => ({ 'data-payment-request-id': r.id })}
          cardAside={(r) => <PaymentStatusChip status={r.status} />}
        />
      </Paper>
    );

  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_e, v: PaymentStatusTab) => setTab(v)}
          variant="scrollable"
          scrollButtons={false}
          aria-label={t('payments.tabs.label')}
        >
          {PAYMENT_STATUS_TABS.map((s) => (
            <Tab key={s.tab} value={s.tab} label={t(TAB_LABEL[s.tab])} sx={{ minWidth: { xs: 72, sm: 104 } }} />
          ))}
        </Tabs>
      </Box>
      {list.isFetching && data ? <LinearProgress sx={{ height: 2, mt: '-10px !important' }} aria-hidden /> : null}
      {body}
      {data && data.totalCount > data.pageSize ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="body2" color="text.secondary">
            {t('payments.pager', { from, to, count: data.totalCount })}
          </Typography>
          <Button size="small" disabled={paging.page <= 1} onClick={() => goTo(paging.page - 1)}>
            <T id="payments.prev" />
          </Button>
          <Button size="small" disabled={!data.paginationToken} onClick={() => goTo(paging.page + 1)}>
            <T id="payments.next" />
          </Button>
        </Stack>
      ) : null}
      <PaymentDrawer
        requestId={openId}
        onClose={() => setOpenId(null)}
        onAct={(row, kind) => {
          command.reset();
          setDialog({ row, kind });
        }}
      />
      {dialog ? (
        <PaymentDialog
          key={`${dialog.row.id}-${dialog.kind}`}
          kind={dialog.kind}
          row={dialog.row}
          busy={command.isPending}
          error={command.error}
          onSubmit={submit}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={(_e, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity="success" variant="filled" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Stack>
  );
}

/** The market in `market_id` when it is one where the user decides payments; else every such market (null). */
function useMarketFilter(markets: readonly CrmMarketRow[]) {
  const [params, setParams] = useSearchParams();
  const usable = markets.filter(hasContracts);
  const raw = Number(params.get('market_id'));
  const marketId = usable.some((m) => m.id === raw) ? raw : null;
  const select = (id: number | null) =>
    setParams((cur) => {
      const p = new URLSearchParams(cur);
      if (id === null) p.delete('market_id');
      else p.set('market_id', String(id));
      return p;
    });
  return { usable, marketId, select };
}

function MarketPicker({ context }: { context: CrmContextData }) {
  const { usable, marketId, select } = useMarketFilter(context.markets);
  if (usable.length < 2) return null;
  return <PaymentMarketFilter markets={usable} marketId={marketId} onChange={select} />;
}

function PaymentsBody({ context }: { context: CrmContextData }) {
  const { usable, marketId } = useMarketFilter(context.markets);
  if (usable.length === 0)
    return (
      <CrmEmptyState
        icon={<PaymentsOutlinedIcon />}
        title={<T id="payments.noMarkets.title" />}
        body={<T id="payments.noMarkets.body" />}
      />
    );
  return <MarketPayments key={marketId ?? 'all'} marketId={marketId} />;
}

/** /crm/payments: farmers' payment requests at a market by status, each with its history; approve, reject, mark paid or returned. */
export function PaymentsPage() {
  const t = useT();
  return (
    <CrmPageFrame title={t('payments.title')} actions={(context) => <MarketPicker context={context} />}>
      {(context) => <PaymentsBody context={context} />}
    </CrmPageFrame>
  );
}
