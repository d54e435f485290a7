import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import type { FarmerStructure, FarmerStructureDetail } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { cropLabel, optionMonthLabel, structureKindMessage } from '../../../lib/trading/structure-format';
import { StructureFigures, StructureObservationsTable, StructureRules } from '../../../lib/trading/structure-parts';
import { StructureStatusChip } from '../../../lib/trading/structure-status-chip';
import { MslFrame } from '../components/msl-frame';
import { MslEmpty, MslError, MslLoading } from '../components/msl-states';
import { useUrlParam } from '../components/use-list-filters';
import { StructureCard } from './structure-card';
import { useFarmerRequestClose, useFarmerStructure, useFarmerStructures } from './structures-api';

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The farmer asks the merchandiser to close a live structure (a note optional); the merchandiser decides. */
function RequestClose({ structure }: { structure: FarmerStructureDetail }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const request = useFarmerRequestClose();
  if (structure.status === 'close_requested')
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        <T id="msl.structures.closeRequested" />
      </Alert>
    );
  if (structure.status !== 'live') return null;
  if (!asking)
    return (
      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setAsking(true)}>
        <T id="msl.structures.requestClose" />
      </Button>
    );
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Typography variant="body2">
        <T id="msl.structures.requestCloseBody" />
      </Typography>
      <TextField
        label={t('msl.structures.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      {request.error ? (
        <Alert severity="error">
          {request.error instanceof Error && request.error.message ? request.error.message : t('msl.loadFailed')}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={request.isPending}
          onClick={() =>
            void request
              .mutateAsync({ id: structure.id, note: note.trim() || undefined })
              .then(() => {
                setAsking(false);
                showToast({ messageId: 'msl.structures.closeRequestSent' }, { severity: 'success' });
              })
              .catch(() => undefined)
          }
        >
          <T id="msl.structures.sendRequest" />
        </Button>
        <Button onClick={() => setAsking(false)}>
          <T id="msl.structures.keep" />
        </Button>
      </Stack>
    </Stack>
  );
}

/** One structure in a dialog (full screen on a phone): where it stands, its rules, its observations, Request close. */
function StructureDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const t = useT();
  const query = useFarmerStructure(id);
  const s = query.data;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="msl-structure-title"
    >
      <DialogTitle id="msl-structure-title" sx={{ pr: 7 }}>
        {s ? t(structureKindMessage(s.kind, s.side)) : <T id="msl.detail.loading" />}
        {s ? (
          <Typography variant="body2" color="text.secondary" component="div">
            {t('structure.cropMonth', { crop: cropLabel(s.cropId), month: optionMonthLabel(s.optionMonth) })} ·{' '}
            {s.marketLabel}
          </Typography>
        ) : null}
        <IconButton
          aria-label={t('msl.detail.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <Divider />
      <DialogContent sx={{ pb: 4 }}>
        {query.error ? (
          <MslError error={query.error} onRetry={() => void query.refetch()} />
        ) : !s ? (
          <MslLoading count={2} height={120} />
        ) : (
          <>
            <Box sx={{ mb: 2 }}>
              <StructureStatusChip status={s.status} knockedOut={s.state.knockedOut} />
            </Box>
            {s.signingPath ? (
              <Alert
                severity="warning"
                sx={{ mb: 2 }}
                action={
                  <Button
                    color="inherit"
                    size="small"
                    component={RouterLink}
                    to={s.signingPath}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    <T id="msl.structures.sign" />
                  </Button>
                }
              >
                <T id="msl.structures.signBody" />
              </Alert>
            ) : null}
            <StructureFigures structure={s} />
            <RequestClose structure={s} />
            <Section title={<T id="structure.rules.title" />}>
              <StructureRules rules={s.rules} />
            </Section>
            <Section title={<T id="structure.obs.title" />}>
              <StructureObservationsTable rows={s.observations} />
            </Section>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

const RUNNING = new Set(['pending_signature', 'live', 'close_requested']);

/**
 * The farmer's structures (issue 18), read-only: the live ones first, then the finished, each with what it has
 * accumulated, its average price and the trading days left; one opens in a dialog with its rules and observations,
 * where a live one can be asked to close. My Sales Lite's page /my-sales-lite/structures and the profit center's sales
 * sub-tab show this same component.
 */
export function MslStructuresPage() {
  const t = useT();
  const list = useFarmerStructures();
  const [openId, setOpenId] = useUrlParam('structure');
  const id = openId && /^\d{1,9}$/.test(openId) ? Number(openId) : null;
  const groups = useMemo(() => {
    const rows = list.data?.rows ?? [];
    return { running: rows.filter((r) => RUNNING.has(r.status)), finished: rows.filter((r) => !RUNNING.has(r.status)) };
  }, [list.data]);
  const cards = (rows: FarmerStructure[], label: string) => (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {rows.map((s) => (
        <StructureCard key={s.id} structure={s} onOpen={(open) => setOpenId(String(open))} />
      ))}
    </Box>
  );
  return (
    <MslFrame title="msl.title.structures">
      {list.error ? (
        <MslError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <MslLoading />
      ) : list.data.rows.length === 0 ? (
        <MslEmpty
          icon={<ShowChartIcon />}
          title={<T id="msl.structures.empty.title" />}
          body={<T id="msl.structures.empty.body" />}
        />
      ) : (
        <Stack spacing={3}>
          {groups.running.length > 0 ? (
            <Box>
              <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
                <T id="msl.structures.live" />
              </Typography>
              {cards(groups.running, t('msl.structures.live'))}
            </Box>
          ) : null}
          {groups.finished.length > 0 ? (
            <Box>
              <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
                <T id="msl.structures.finished" />
              </Typography>
              {cards(groups.finished, t('msl.structures.finished'))}
            </Box>
          ) : null}
        </Stack>
      )}
      <StructureDialog id={id} onClose={() => setOpenId(null)} />
    </MslFrame>
  );
}
