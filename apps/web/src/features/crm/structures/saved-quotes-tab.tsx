import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import type { StructureListRow } from '@granary/domain';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import {
  STRUCTURE_SIDE_MESSAGES,
  cropLabel,
  optionMonthLabel,
  structureKindMessage,
} from '../../../lib/trading/structure-format';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { DataGrid } from '../../../lib/ui/grid/data-grid';
import type { GridColumn } from '../../../lib/ui/grid/grid-columns';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState } from '../components/crm-page-frame';
import { useCrmFormat } from '../components/use-crm-format';
import { useCancelQuote, useSavedQuotes, useTradeStructure } from './api/structures-api';
import type { StructuresTabProps } from './structures-tabs';
import { TradeDialog } from './trade-dialog';
import { useStructuresView } from './use-structures-view';

type Act = (quote: StructureListRow, action: 'open' | 'trade' | 'cancel') => void;

function useQuoteColumns(canWrite: boolean, act: Act): GridColumn<StructureListRow>[] {
  const t = useT();
  const f = useCrmFormat();
  return useMemo(
    () =>
      [
        {
          id: 'client',
          label: t('structures.col.client'),
          render: (r) => (
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {r.clientName}
              </Typography>
              {r.name ? (
                <Typography variant="caption" color="text.secondary" component="div">
                  {r.name}
                </Typography>
              ) : null}
            </Box>
          ),
        },
        {
          id: 'kind',
          label: t('structures.col.kind'),
          render: (r) => (
            <Box>
              <Typography variant="body2">{t(structureKindMessage(r.kind, r.side))}</Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(STRUCTURE_SIDE_MESSAGES[r.side])}
              </Typography>
            </Box>
          ),
          cellSx: { whiteSpace: 'nowrap' },
        },
        {
          id: 'crop',
          label: t('structures.col.crop'),
          render: (r) =>
            t('structures.cropMonth', { crop: cropLabel(r.cropId), month: optionMonthLabel(r.optionMonth) }),
          cellSx: { whiteSpace: 'nowrap' },
        },
        {
          id: 'quantity',
          label: t('structures.col.quantity'),
          numeric: true,
          render: (r) => t('structures.bushels', { quantity: f.quantity(r.quantity) }),
        },
        {
          id: 'level',
          label: t('structures.col.level'),
          numeric: true,
          render: (r) => (r.keyTerms.level === null ? '—' : f.prices.futures(r.keyTerms.level)),
        },
        {
          id: 'knockOut',
          label: t('structures.col.knockOut'),
          numeric: true,
          render: (r) => (r.keyTerms.knockOut === null ? '—' : f.prices.futures(r.keyTerms.knockOut)),
        },
        {
          id: 'period',
          label: t('structures.col.period'),
          render: (r) => t('structures.period', { start: f.day(r.startDate), end: f.day(r.endDate) }),
          cellSx: { whiteSpace: 'nowrap' },
        },
        {
          id: 'value',
          label: t('structures.col.merchandiserValue'),
          numeric: true,
          render: (r) => (
            <Box>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {r.lastQuote ? f.money(r.lastQuote.merchandiserValue) : '—'}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('structures.quotes.pricedAt', { at: f.instant(r.lastQuote?.valuedAt ?? r.updatedAt) })}
              </Typography>
            </Box>
          ),
        },
        {
          id: 'actions',
          label: t('structures.col.actions'),
          labelHidden: true,
          fixed: true,
          render: (r) => (
            <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <Button size="small" onClick={() => act(r, 'open')}>
                <T id="structures.quotes.open" />
              </Button>
              {canWrite ? (
                <>
                  <Button size="small" onClick={() => act(r, 'trade')}>
                    <T id="structures.quotes.trade" />
                  </Button>
                  <Button size="small" color="error" onClick={() => act(r, 'cancel')}>
                    <T id="structures.quotes.cancel" />
                  </Button>
                </>
              ) : null}
            </Stack>
          ),
        },
      ] satisfies GridColumn<StructureListRow>[],
    [t, f, canWrite, act],
  );
}

/**
 * Saved quotes (issue 18 `saved-structure`): the market's quotes not yet traded, with their key terms and last
 * valuation; each opens in the pricing tool, and a structures-admin trades or cancels it.
 */
export function SavedQuotesTab({ market, canWrite }: StructuresTabProps) {
  const t = useT();
  const list = useSavedQuotes(market.id);
  const { setView } = useStructuresView();
  const trade = useTradeStructure();
  const cancel = useCancelQuote();
  const [trading, setTrading] = useState<StructureListRow | null>(null);
  const [cancelling, setCancelling] = useState<StructureListRow | null>(null);
  const resetTrade = trade.reset;
  const act = useMemo<Act>(
    () => (quote, action) => {
      if (action === 'open') setView('pricing', { quote: String(quote.id) });
      else if (action === 'trade') {
        resetTrade();
        setTrading(quote);
      } else setCancelling(quote);
    },
    [setView, resetTrade],
  );
  const columns = useQuoteColumns(canWrite, act);
  const rows = (list.data?.rows ?? []).filter((r) => r.status === 'quote');

  let body;
  if (list.error && !list.data) body = <CrmErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageSpinner />;
  else if (rows.length === 0)
    body = (
      <CrmEmptyState
        icon={<RequestQuoteOutlinedIcon />}
        title={<T id="structures.quotes.empty.title" />}
        body={<T id="structures.quotes.empty.body" />}
        action={
          <Button variant="contained" onClick={() => setView('pricing', { quote: null })}>
            <T id="structures.quotes.new" />
          </Button>
        }
      />
    );
  else
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          label={t('structures.quotes.table')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          density="comfortable"
          onOpen={(r) => act(r, 'open')}
          rowAttributes={(r) => ({ 'data-structure-id': r.id })}
        />
      </Paper>
    );

  return (
    <>
      {body}
      {trading ? (
        <TradeDialog
          quote={trading}
          busy={trade.isPending}
          error={trade.error}
          onTrade={(confirmation) =>
            void trade
              .mutateAsync({ quote: trading, confirmation })
              .then((traded) => {
                setTrading(null);
                showToast(
                  {
                    messageId: traded.status === 'live' ? 'structures.trade.doneLive' : 'structures.trade.doneSigning',
                  },
                  { severity: 'success' },
                );
              })
              .catch(() => undefined)
          }
          onClose={() => setTrading(null)}
        />
      ) : null}
      {cancelling ? (
        <ConfirmDialog
          title={<T id="structures.quotes.cancelTitle" />}
          body={t('structures.quotes.cancelBody', { client: cancelling.clientName })}
          confirmLabel={<T id="structures.quotes.cancelConfirm" />}
          cancelLabel={<T id="structures.cancel" />}
          busy={cancel.isPending}
          onConfirm={() =>
            void cancel
              .mutateAsync(cancelling)
              .then(() => {
                setCancelling(null);
                showToast({ messageId: 'structures.quotes.cancelled' }, { severity: 'success' });
              })
              .catch((error: unknown) => {
                setCancelling(null);
                showToast(
                  error instanceof Error && error.message
                    ? { text: error.message }
                    : { messageId: 'structures.failed' },
                  { severity: 'error' },
                );
              })
          }
          onClose={() => setCancelling(null)}
        />
      ) : null}
    </>
  );
}
