import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { ContractEsignStatus } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { reasonOf } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { useCrmFormat } from '../components/use-crm-format';
import { documentFileUrl, useSigningAction, useSigningStatus, type SigningAction } from './contract-page-api';

const CHIP_COLOR = { signed: 'success', mismatch: 'warning', sent: 'info' } as const;

/** Which of Send / Resend / Send amendment / Void the state allows. */
function signingActionsOf(status: ContractEsignStatus): { send: SigningAction | null; canVoid: boolean } {
  const open = status.request?.state === 'open';
  if (!status.canSend) return { send: null, canVoid: open };
  return { send: status.state === 'mismatch' ? 'resend_amendment' : 'send', canVoid: open };
}

function sendLabel(status: ContractEsignStatus, action: SigningAction): MessageId {
  if (action === 'resend_amendment') return 'contractPage.sendAmendment';
  return status.state === 'sent' || status.request?.state === 'open' ? 'esign.resend' : 'esign.send';
}

/** The state line: eligible / sent on … by … / signed by … on … / changed after signing. */
function StateLine({ status }: { status: ContractEsignStatus }) {
  const t = useT();
  const format = useCrmFormat();
  const request = status.request;
  let line: string;
  if (status.state === 'sent')
    line = request
      ? t('esign.state.sent', { when: format.dateTime(request.sentAt), by: request.sentBy ?? 'none' })
      : t('esign.state.sentUndated');
  else if (status.state === 'signed')
    line = status.signed
      ? t('esign.state.signed', {
          name: status.signed.signerName ?? '—',
          when: format.dateTime(status.signed.signedAt),
        })
      : t('esign.state.signedUndated');
  else if (status.state === 'mismatch')
    line = status.signed
      ? t('esign.state.mismatch', {
          name: status.signed.signerName ?? '—',
          when: format.dateTime(status.signed.signedAt),
        })
      : t('esign.state.mismatchUndated');
  else line = t(`esign.state.${status.state}` as MessageId);
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">{line}</Typography>
      {status.state === 'mismatch' && request?.state === 'open' ? (
        <Typography variant="body2">
          {t('esign.state.mismatchSent', { when: format.dateTime(request.sentAt) })}
        </Typography>
      ) : null}
      {request?.state === 'expired' ? (
        <Typography variant="body2" color="warning.dark">
          {t('esign.request.expired', { when: format.dateTime(request.expiresAt) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

function VoidDialog({
  clientName,
  pending,
  onConfirm,
  onClose,
}: {
  clientName: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('contractPage.voidTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('contractPage.voidBody', { client: clientName })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('contractPage.voidCancel')}</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={onConfirm}>
          {t('contractPage.voidConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Send / Resend / Send amendment and Void for one contract, from its signing status: the buttons the page and the
 * contract documents tab show. A refusal (the spec's missing e-mail / program / enterprise, no signer) shows the
 * server's words under the buttons.
 */
function SigningActions({
  contractId,
  clientName,
  status,
}: {
  contractId: number;
  clientName: string;
  status: ContractEsignStatus;
}) {
  const t = useT();
  const action = useSigningAction(contractId);
  const [confirmVoid, setConfirmVoid] = useState(false);
  const { send, canVoid } = signingActionsOf(status);
  const run = (which: SigningAction) =>
    action.mutate(which, {
      onSuccess: () => {
        setConfirmVoid(false);
        showToast(
          { messageId: which === 'void' ? 'contractPage.voided' : 'contractPage.sentTo' },
          { severity: 'success' },
        );
      },
      onError: () => setConfirmVoid(false),
    });
  if (!send && !canVoid) return null;
  return (
    <Stack spacing={1} className="no-print">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {send ? (
          <Button
            size="small"
            variant="contained"
            startIcon={<DrawOutlinedIcon />}
            disabled={action.isPending}
            onClick={() => run(send)}
          >
            {t(sendLabel(status, send))}
          </Button>
        ) : null}
        {canVoid ? (
          <Button
            size="small"
            color="error"
            variant="outlined"
            startIcon={<BlockOutlinedIcon />}
            disabled={action.isPending}
            onClick={() => setConfirmVoid(true)}
          >
            {t('contractPage.void')}
          </Button>
        ) : null}
      </Stack>
      {action.error ? (
        <Alert severity="error" role="alert">
          {errorText(action.error, t)}
        </Alert>
      ) : null}
      {confirmVoid ? (
        <VoidDialog
          clientName={clientName}
          pending={action.isPending}
          onConfirm={() => run('void')}
          onClose={() => setConfirmVoid(false)}
        />
      ) : null}
    </Stack>
  );
}

function errorText(error: unknown, t: ReturnType<typeof useT>): string {
  if (reasonOf(error) === 'no_signer') return t('esign.error.no_signer');
  return error instanceof Error ? error.message : String(error);
}

/** The page's "Documents and signatures" section body: state, actions and each document with its files. */
export function ContractSigningPanel({
  contractId,
  clientName,
  eligible,
}: {
  contractId: number;
  clientName: string;
  eligible: boolean;
}) {
  const t = useT();
  const format = useCrmFormat();
  const query = useSigningStatus(contractId, eligible);
  const status = query.data;
  if (!eligible)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('esign.state.not_eligible')}
      </Typography>
    );
  if (query.error) return <Alert severity="error">{(query.error as Error).message}</Alert>;
  if (!status) return null;
  const withFiles = status.documents.filter((d) => d.files.length > 0);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1 }}>
          <StateLine status={status} />
        </Box>
        {status.state in CHIP_COLOR ? (
          <Chip
            size="small"
            color={CHIP_COLOR[status.state as keyof typeof CHIP_COLOR]}
            variant="outlined"
            label={t(`esign.chip.${status.state}` as MessageId)}
          />
        ) : null}
      </Stack>
      <SigningActions contractId={contractId} clientName={clientName} status={status} />
      {withFiles.length ? (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {withFiles.map((document) => (
            <Stack
              component="li"
              key={document.id}
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', opacity: document.status === 'void' ? 0.6 : 1 }}
            >
              <PictureAsPdfOutlinedIcon fontSize="small" color="action" />
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {document.fileName}
              </Typography>
              {document.files.map((file) => (
                <Link
                  key={file.kind}
                  href={documentFileUrl(document.id, file.kind)}
                  target="_blank"
                  rel="noopener"
                  variant="body2"
                >
                  {t(file.kind === 'signed' ? 'esign.pdf.signed' : 'esign.pdf.generated')}
                </Link>
              ))}
              <Typography variant="caption" color="text.secondary">
                {document.status === 'void'
                  ? t('esign.document.void')
                  : t(document.status === 'signed' ? 'esign.document.signed' : 'esign.document.sent', {
                      when: format.instant(document.createdAt),
                    })}
              </Typography>
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
