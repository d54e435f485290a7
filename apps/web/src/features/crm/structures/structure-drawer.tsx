import CloseIcon from '@mui/icons-material/Close';
import type { StructureDetail } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Drawer,
  IconButton,
  Link,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { showToast } from '../../../lib/toast/toast-store';
import {
  STRUCTURE_SIDE_MESSAGES,
  cropLabel,
  optionMonthLabel,
  structureKindMessage,
} from '../../../lib/trading/structure-format';
import {
  StructureFigure,
  StructureFigures,
  StructureObservationsTable,
  StructureRules,
} from '../../../lib/trading/structure-parts';
import { StructureStatusChip } from '../../../lib/trading/structure-status-chip';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState } from '../components/crm-page-frame';
import { useCrmFormat } from '../components/use-crm-format';
import { useCloseCommand, useCloseCost, useStructure } from './api/structures-api';
import { useOpenStructure } from './use-open-structure';

type CloseCommand = 'request' | 'approve' | 'reject';

const COMMAND_TEXT: Record<CloseCommand, { title: MessageId; body: MessageId; confirm: MessageId; done: MessageId }> = {
  request: {
    title: 'structures.close.request.title',
    body: 'structures.close.request.body',
    confirm: 'structures.close.request.confirm',
    done: 'structures.close.request.done',
  },
  approve: {
    title: 'structures.close.approve.title',
    body: 'structures.close.approve.body',
    confirm: 'structures.close.approve.confirm',
    done: 'structures.close.approve.done',
  },
  reject: {
    title: 'structures.close.reject.title',
    body: 'structures.close.reject.body',
    confirm: 'structures.close.reject.confirm',
    done: 'structures.close.reject.done',
  },
};

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A close request, its approval or its decline, with an optional note; the server's refusal shows in the dialog. */
function CloseDialog({
  structure,
  command,
  onClose,
}: {
  structure: StructureDetail;
  command: CloseCommand;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [note, setNote] = useState('');
  const close = useCloseCommand();
  const text = COMMAND_TEXT[command];
  const submit = () =>
    void close
      .mutateAsync({ structure, command, note: note.trim() || undefined })
      .then(() => {
        showToast({ messageId: text.done }, { severity: 'success' });
        onClose();
      })
      .catch(() => undefined);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <T id={text.title} />
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t(text.body, { client: structure.clientName })}</Typography>
        <TextField
          label={t('structures.close.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {close.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {close.error instanceof Error && close.error.message ? close.error.message : t('structures.failed')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <T id="structures.cancel" />
        </Button>
        <Button
          variant="contained"
          color={command === 'reject' ? 'error' : 'primary'}
          disabled={close.isPending}
          onClick={submit}
        >
          <T id={text.confirm} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Today's close cost of a live structure (the engine at today's market): what the farmer pays to end it now. */
function CloseCostLine({ id }: { id: number }) {
  const t = useT();
  const f = useCrmFormat();
  const cost = useCloseCost(id, true);
  if (cost.error) return <CrmErrorState error={cost.error} onRetry={() => void cost.refetch()} />;
  if (!cost.data)
    return (
      <Typography variant="body2" color="text.secondary">
        <T id="structures.close.costLoading" />
      </Typography>
    );
  const c = cost.data;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
      <StructureFigure label={t('structures.close.cost')}>{f.money(c.closeCost)}</StructureFigure>
      <StructureFigure label={t('structures.close.perBushel')}>
        {c.closeCostPerRemainingBushel === null
          ? t('structure.none')
          : t('structures.valuation.perBushel', { price: f.prices.futures(c.closeCostPerRemainingBushel) })}
      </StructureFigure>
    </Box>
  );
}

function Detail({
  s,
  canWrite,
  onCommand,
}: {
  s: StructureDetail;
  canWrite: boolean;
  onCommand: (c: CloseCommand) => void;
}) {
  const t = useT();
  const f = useCrmFormat();
  const localized = useLocalizedPath();
  const running = s.status === 'live' || s.status === 'close_requested';
  const close = s.closeRequest;
  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <StructureStatusChip status={s.status} knockedOut={s.state.knockedOut} />
        <Typography variant="body2" color="text.secondary">
          {t('structures.detail.summary', {
            kind: t(structureKindMessage(s.kind, s.side)),
            side: t(STRUCTURE_SIDE_MESSAGES[s.side]),
            crop: cropLabel(s.cropId),
            month: optionMonthLabel(s.optionMonth),
            symbol: s.futuresSymbol,
          })}
        </Typography>
      </Stack>
      {s.status === 'pending_signature' ? (
        <Alert severity="info">
          {s.confirmation
            ? t('structures.detail.awaitingSignatureSent', {
                sent: f.dateTime(s.confirmation.sentAt),
                expires: f.dateTime(s.confirmation.expiresAt),
              })
            : t('structures.detail.awaitingSignature')}
        </Alert>
      ) : s.confirmation?.signedAt ? (
        <Typography variant="body2" color="text.secondary">
          {t('structures.detail.signed', {
            at: f.dateTime(s.confirmation.signedAt),
            by: s.confirmation.signerName ?? t('structure.none'),
          })}
        </Typography>
      ) : null}
      {canWrite && running ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {s.status === 'live' ? (
            <Button variant="outlined" onClick={() => onCommand('request')}>
              <T id="structures.close.request.action" />
            </Button>
          ) : (
            <>
              <Button variant="contained" onClick={() => onCommand('approve')}>
                <T id="structures.close.approve.action" />
              </Button>
              <Button variant="outlined" color="error" onClick={() => onCommand('reject')}>
                <T id="structures.close.reject.action" />
              </Button>
            </>
          )}
        </Stack>
      ) : null}
      <StructureFigures structure={s} />
      {running ? (
        <Section title={<T id="structures.detail.closeCost" />}>
          <CloseCostLine id={s.id} />
        </Section>
      ) : null}
      {close?.requestedAt || close?.closedAt ? (
        <Section title={<T id="structures.detail.closeRequest" />}>
          <Stack spacing={0.5}>
            {close.requestedAt ? (
              <Typography variant="body2">
                {t('structures.detail.closeRequested', {
                  at: f.dateTime(close.requestedAt),
                  by: close.requestedBy ?? t('structure.none'),
                })}
              </Typography>
            ) : null}
            {close.closedAt ? (
              <Typography variant="body2">
                {t('structures.detail.closed', {
                  at: f.dateTime(close.closedAt),
                  by: close.closedBy ?? t('structure.none'),
                  cost: close.cost === null ? t('structure.none') : f.money(close.cost),
                })}
              </Typography>
            ) : null}
            {close.note ? (
              <Typography variant="body2" color="text.secondary">
                {t('structures.detail.closeNote', { note: close.note })}
              </Typography>
            ) : null}
          </Stack>
        </Section>
      ) : null}
      {s.htaContractId !== null ? (
        <Typography variant="body2">
          <Link component={RouterLink} to={localized(`/crm/contracts/${s.htaContractId}`)}>
            <T id="structures.detail.htaContract" />
          </Link>
        </Typography>
      ) : null}
      <Divider />
      <Section title={<T id="structures.detail.rules" />}>
        <StructureRules rules={s.rules} />
      </Section>
      <Section title={<T id="structures.detail.observations" />}>
        <StructureObservationsTable rows={s.observations} />
      </Section>
      <Typography variant="caption" color="text.secondary">
        {t('structures.detail.traded', {
          at: s.tradedAt ? f.dateTime(s.tradedAt) : t('structure.none'),
          by: s.tradedBy ?? t('structure.none'),
          market: s.marketLabel,
        })}
      </Typography>
    </Stack>
  );
}

/**
 * A structure at the side (`structure` in the URL): its status and figures, today's close cost, the close request and
 * a structures-admin's request / approve / decline, the HTA contract once written, the rules in words and the
 * observation history. Full width on a phone.
 */
export function StructureDrawer({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const { openId, open } = useOpenStructure();
  const detail = useStructure(openId);
  const [command, setCommand] = useState<CloseCommand | null>(null);
  const s = detail.data;
  const title = s ? t('structures.detail.title', { client: s.clientName, id: s.id }) : t('structures.detail.loading');
  return (
    <Drawer
      anchor="right"
      open={openId !== null}
      onClose={() => open(null)}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560, md: 700 } } } }}
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }} role="region" aria-label={title}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2, gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            {s?.name ? (
              <Typography variant="body2" color="text.secondary">
                {s.name}
              </Typography>
            ) : null}
          </Box>
          <IconButton onClick={() => open(null)} aria-label={t('structures.detail.close')}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {detail.error ? (
          <CrmErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        ) : !s ? (
          <PageSpinner />
        ) : (
          <Detail s={s} canWrite={canWrite} onCommand={setCommand} />
        )}
      </Box>
      {s && command ? <CloseDialog structure={s} command={command} onClose={() => setCommand(null)} /> : null}
    </Drawer>
  );
}
