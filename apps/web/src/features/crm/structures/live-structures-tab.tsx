import ShowChartIcon from '@mui/icons-material/ShowChart';
import type { StructureStatus } from '@granary/domain';
import {
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { cropLabel } from '../../../lib/trading/structure-format';
import { StructureStatusChip } from '../../../lib/trading/structure-status-chip';
import { DataGrid } from '../../../lib/ui/grid/data-grid';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { ClientPicker, type PickedClient } from '../contract-writing/client-picker';
import { CrmEmptyState, CrmErrorState } from '../components/crm-page-frame';
import { useStructures } from './api/structures-api';
import { useLiveStructureColumns } from './structure-columns';
import { STRUCTURE_CROP_IDS } from './structure-crops';
import type { StructuresTabProps } from './structures-tabs';
import { useOpenStructure } from './use-open-structure';

/** The status filter of the live structures (`status` in the URL): what each choice asks the server for. */
const STATUS_FILTERS = {
  live: ['live', 'close_requested'],
  pending: ['pending_signature'],
  finished: ['completed', 'closed'],
  all: ['pending_signature', 'live', 'close_requested', 'completed', 'closed'],
} as const satisfies Record<string, readonly StructureStatus[]>;
type StatusFilter = keyof typeof STATUS_FILTERS;

const STATUS_LABEL: Record<StatusFilter, MessageId> = {
  live: 'structures.filter.live',
  pending: 'structures.filter.pending',
  finished: 'structures.filter.finished',
  all: 'structures.filter.all',
};

function isStatusFilter(value: string | null): value is StatusFilter {
  return value !== null && Object.hasOwn(STATUS_FILTERS, value);
}

/** The list's filters, kept in the URL (grain-marketing.md 2: status, cropId, client_legal_entity_id). */
function useLiveFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: StatusFilter = isStatusFilter(raw) ? raw : 'live';
  const cropRaw = Number(params.get('cropId'));
  const cropId = STRUCTURE_CROP_IDS.includes(cropRaw) ? cropRaw : null;
  const clientRaw = params.get('client_legal_entity_id');
  const clientId = clientRaw && /^\d{1,15}$/.test(clientRaw) ? Number(clientRaw) : null;
  const set = (key: string, value: string | null) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (value === null) p.delete(key);
      else p.set(key, value);
      p.delete('page');
      p.delete('paginationToken');
      return p;
    });
  return { status, cropId, clientId, set };
}

/**
 * Live structures (issue 18): the market's traded structures with what they accumulated and have left, the average
 * price, the distance to the knock-out, the trading days left and today's close cost; filtered by status, crop and
 * client; a row opens the structure's detail. A table from 600 px, cards on a phone.
 */
export function LiveStructuresTab({ market }: StructuresTabProps) {
  const t = useT();
  const { status, cropId, clientId, set } = useLiveFilters();
  const [client, setClient] = useState<PickedClient | null>(null);
  const [paging, setPaging] = useState<{ page: number; token: string | null; tokens: Record<number, string | null> }>({
    page: 1,
    token: null,
    tokens: {},
  });
  const list = useStructures({
    marketId: market.id,
    status: STATUS_FILTERS[status],
    cropId,
    clientId,
    page: paging.page,
    token: paging.token,
  });
  const columns = useLiveStructureColumns();
  const { open } = useOpenStructure();
  const data = list.data;
  const rows = data?.rows ?? [];
  const restart = () => setPaging({ page: 1, token: null, tokens: {} });
  const goTo = (next: number) => {
    const token =
      next === 1 ? null : next === paging.page + 1 ? (data?.paginationToken ?? null) : (paging.tokens[next] ?? null);
    setPaging((cur) => ({ page: next, token, tokens: { ...cur.tokens, [next]: token } }));
  };
  const from = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? from + rows.length - 1 : 0;
  const filtered = cropId !== null || clientId !== null;

  let body;
  if (list.error && !data) body = <CrmErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!data) body = <PageSpinner />;
  else if (rows.length === 0)
    body = (
      <CrmEmptyState
        icon={<ShowChartIcon />}
        title={<T id={filtered ? 'structures.live.emptyFiltered.title' : 'structures.live.empty.title'} />}
        body={<T id={filtered ? 'structures.live.emptyFiltered.body' : 'structures.live.empty.body'} />}
      />
    );
  else
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataGrid
          label={t('structures.live.table')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          density="comfortable"
          onOpen={(r) => open(r.id)}
          rowAttributes={(r) => ({ 'data-structure-id': r.id })}
          cardAside={(r) => <StructureStatusChip status={r.status} knockedOut={r.state.knockedOut} />}
        />
      </Paper>
    );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap', rowGap: 1.5 }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          onChange={(_e, next: StatusFilter | null) => {
            if (next === null) return;
            set('status', next === 'live' ? null : next);
            restart();
          }}
          aria-label={t('structures.filter.status')}
          sx={{ flexWrap: 'wrap' }}
        >
          {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((key) => (
            <ToggleButton key={key} value={key} sx={{ px: 1.75 }}>
              <T id={STATUS_LABEL[key]} />
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={t('structures.filter.crop')}
          value={cropId ?? ''}
          onChange={(e) => {
            set('cropId', e.target.value === '' ? null : String(e.target.value));
            restart();
          }}
          sx={{ minWidth: { md: 170 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            <T id="structures.filter.allCrops" />
          </MenuItem>
          {STRUCTURE_CROP_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {cropLabel(id)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ minWidth: { md: 260 }, flex: { md: '0 1 320px' } }}>
          <ClientPicker
            marketId={market.id}
            size="small"
            value={client && client.id === clientId ? client : null}
            onChange={(picked) => {
              setClient(picked);
              set('client_legal_entity_id', picked ? String(picked.id) : null);
              restart();
            }}
            label={t('structures.filter.client')}
          />
        </Box>
      </Stack>
      {list.isFetching && data ? <LinearProgress sx={{ height: 2 }} aria-hidden /> : null}
      {body}
      {data && data.totalCount > data.pageSize ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="body2" color="text.secondary">
            {t('structures.pager', { from, to, count: data.totalCount })}
          </Typography>
          <Button size="small" disabled={paging.page <= 1} onClick={() => goTo(paging.page - 1)}>
            <T id="structures.prev" />
          </Button>
          <Button size="small" disabled={!data.paginationToken} onClick={() => goTo(paging.page + 1)}>
            <T id="structures.next" />
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
