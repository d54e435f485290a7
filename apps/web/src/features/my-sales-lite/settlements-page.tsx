import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { SettlementSummary } from '@granary/domain';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Pagination,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useT } from '../../lib/i18n/t';
import {
  SettlementHeading,
  SettlementStatusChip,
  SettlementView,
  useSettlementFormat,
} from '../../lib/trading/settlement-view';
import { MslFrame } from './components/msl-frame';
import { MslEmpty, MslError, MslLoading } from './components/msl-states';
import { farmerStatementHref, useFarmerSettlement, useFarmerSettlements } from './settlements/settlements-api';

const PAGE_SIZE = 25;

function SettlementCard({ settlement: s, onOpen }: { settlement: SettlementSummary; onOpen: () => void }) {
  const t = useT();
  const f = useSettlementFormat();
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        onClick={onOpen}
        sx={{ p: 2 }}
        aria-label={t('settlements.msl.open', { number: s.displaySettlementId ?? '' })}
      >
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {s.cropName} {s.cropYear} · {f.day(s.settlementDate)}
            </Typography>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }} noWrap>
              {s.displaySettlementId}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {s.marketName} · {s.contracts.map((c) => c.displayContractId).join(', ')}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('settlements.field.net')}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{f.money(s.net)}</Typography>
            <Box sx={{ mt: 0.5 }}>
              <SettlementStatusChip status={s.status} />
            </Box>
          </Box>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontVariantNumeric: 'tabular-nums' }}>
          {t('settlements.msl.line', {
            bushels: f.quantity(s.bushels),
            gross: f.money(s.gross),
            deductions: f.money(s.deductionsTotal),
          })}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

function SettlementDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const detail = useFarmerSettlement(id);
  const s = detail.data;
  return (
    <Dialog open={id !== null} onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle component="div" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        {s ? <SettlementHeading settlement={s} /> : <span />}
        <IconButton aria-label={t('settlements.close')} onClick={onClose} edge="end" sx={{ alignSelf: 'flex-start' }}>
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {detail.isPending ? <MslLoading count={1} height={240} /> : null}
        {detail.isError ? <MslError error={detail.error} onRetry={() => void detail.refetch()} /> : null}
        {s && s.id !== null ? (
          <>
            <Button
              variant="outlined"
              component="a"
              href={farmerStatementHref(s.id)}
              target="_blank"
              rel="noopener"
              startIcon={<FileDownloadOutlinedIcon />}
            >
              {t('settlements.download')}
            </Button>
            <SettlementView settlement={s} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** /my-sales-lite/settlements: the farmer's settlements, each opening its figures and the statement download. */
export function MslSettlementsPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useFarmerSettlements(page, PAGE_SIZE);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.totalCount / PAGE_SIZE)) : 1;
  return (
    <MslFrame title="msl.title.settlements">
      {list.isPending ? <MslLoading /> : null}
      {list.isError ? <MslError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.rows.length === 0 ? (
        <MslEmpty
          icon={<ReceiptLongOutlinedIcon />}
          title={t('settlements.msl.empty.title')}
          body={t('settlements.msl.empty.body')}
        />
      ) : null}
      {list.data && list.data.rows.length > 0 ? (
        <>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
            {list.data.rows.map((s) => (
              <SettlementCard key={s.id} settlement={s} onOpen={() => setOpenId(s.id)} />
            ))}
          </Stack>
          {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_e, p) => setPage(p)} /> : null}
        </>
      ) : null}
      <SettlementDialog id={openId} onClose={() => setOpenId(null)} />
    </MslFrame>
  );
}
