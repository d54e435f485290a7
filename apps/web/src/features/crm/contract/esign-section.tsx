import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { ContractDetail, ContractEsignStatus } from '@granary/domain';
import { Alert, Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { reasonOf } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { useCrmFormat } from '../components/use-crm-format';
import { documentPdfUrl, useContractEsign, useSendForSignature } from './esign-api';

const CHIP_COLOR = { signed: 'success', mismatch: 'warning', sent: 'info' } as const;

/** The state line: eligible / sent on … / signed by … on … / mismatch. */
function StateLine({ status }: { status: ContractEsignStatus }) {
  const t = useT();
  const format = useCrmFormat();
  const request = status.request;
  const lines: string[] = [];
  switch (status.state) {
    // Contracts sent or signed before e-signing existed (imported) have no request to date them.
    case 'sent':
      lines.push(
        request
          ? t('esign.state.sent', { when: format.dateTime(request.sentAt), by: request.sentBy ?? 'none' })
          : t('esign.state.sentUndated'),
      );
      break;
    case 'signed':
      lines.push(
        status.signed
          ? t('esign.state.signed', {
              name: status.signed.signerName ?? '—',
              when: format.dateTime(status.signed.signedAt),
            })
          : t('esign.state.signedUndated'),
      );
      break;
    case 'mismatch':
      lines.push(
        status.signed
          ? t('esign.state.mismatch', {
              name: status.signed.signerName ?? '—',
              when: format.dateTime(status.signed.signedAt),
            })
          : t('esign.state.mismatchUndated'),
      );
      if (request && request.state === 'open')
        lines.push(t('esign.state.mismatchSent', { when: format.dateTime(request.sentAt) }));
      break;
    default:
      lines.push(t(`esign.state.${status.state}` as MessageId));
  }
  if (request?.state === 'expired')
    lines.push(t('esign.request.expired', { when: format.dateTime(request.expiresAt) }));
  // The latest request is void only when the signer was refused for changed terms (a resend replaces it with a new one).
  if (request?.state === 'terms_changed' || request?.state === 'void') lines.push(t('esign.request.termsChanged'));
  return (
    <>
      {lines.map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
    </>
  );
}

function SendButton({ detail, status }: { detail: ContractDetail; status: ContractEsignStatus }) {
  const t = useT();
  const send = useSendForSignature(detail.contract.clientId, detail.contract.id);
  if (!status.canSend) return null;
  const resend = status.state === 'mismatch' || status.request?.state === 'open' || status.state === 'sent';
  const error = send.error;
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      <Box>
        <Button
          size="small"
          variant="contained"
          startIcon={<DrawOutlinedIcon />}
          disabled={send.isPending}
          onClick={() => send.mutate({ amendment: status.state === 'mismatch' })}
        >
          {t(resend ? 'esign.resend' : 'esign.send')}
        </Button>
      </Box>
      {send.data ? (
        <Alert severity="success" role="status">
          {t('esign.sent', { count: send.data.notified })}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {reasonOf(error) === 'no_signer' ? t('esign.error.no_signer') : error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

function Documents({ status }: { status: ContractEsignStatus }) {
  const t = useT();
  const format = useCrmFormat();
  const withFiles = status.documents.filter((d) => d.files.length > 0);
  if (withFiles.length === 0) return null;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
      {withFiles.map((document) => (
        <Stack
          component="li"
          key={document.id}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <PictureAsPdfOutlinedIcon fontSize="small" color="action" />
          {document.files.map((file) => (
            <Link
              key={file.kind}
              href={documentPdfUrl(document.id, file.kind)}
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
  );
}

/**
 * The drawer's e-signature section: the contract's signing state (eligible / sent on … / signed by … on … / mismatch),
 * 'Send for signature' (or 'Resend'), and links to its generated and signed PDFs.
 */
export function EsignSection({ detail }: { detail: ContractDetail }) {
  const t = useT();
  const eligible = detail.contract.eSignEligible === true;
  const query = useContractEsign(detail.contract.id, eligible);
  const status = query.data;
  return (
    <Box component="section" aria-label={t('esign.section')} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography
          variant="overline"
          component="h3"
          color="text.secondary"
          sx={{ display: 'block', letterSpacing: 0.8 }}
        >
          {t('esign.section')}
        </Typography>
        {status && status.state in CHIP_COLOR ? (
          <Chip
            size="small"
            color={CHIP_COLOR[status.state as keyof typeof CHIP_COLOR]}
            variant="outlined"
            label={t(`esign.chip.${status.state}` as MessageId)}
          />
        ) : null}
      </Stack>
      {!eligible ? (
        <Typography variant="body2" color="text.secondary">
          {t('esign.state.not_eligible')}
        </Typography>
      ) : query.error ? (
        <Alert severity="error">{(query.error as Error).message}</Alert>
      ) : status ? (
        <>
          <StateLine status={status} />
          <SendButton detail={detail} status={status} />
          <Documents status={status} />
        </>
      ) : null}
    </Box>
  );
}
