import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import {
  CONTRACT_TYPE_LABELS,
  formatDate,
  PRICE_STATUS_LABELS,
  type ContractDetail,
  type ContractOperation,
} from '@granary/domain';
import {
  Box,
  Button,
  Chip,
  Divider,
  Drawer,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState } from '../components/crm-page-frame';
import { useCrmFormat } from '../components/use-crm-format';
import { useContractDetail } from './contract-api';
import { EsignSection } from './esign-section';
import { OperationDialog } from './operation-dialog';

/** The order the operation buttons show in. */
const OPERATION_ORDER: readonly ContractOperation[] = [
  'note',
  'partial_cancel',
  'futures_roll',
  'basis_roll',
  'roll',
  'cancel',
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography
        variant="overline"
        component="h3"
        color="text.secondary"
        sx={{ display: 'block', mb: 1, letterSpacing: 0.8 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

function Empty({ id }: { id: MessageId }) {
  const t = useT();
  return (
    <Typography variant="body2" color="text.secondary">
      {t(id)}
    </Typography>
  );
}

function ContractBody({ detail }: { detail: ContractDetail }) {
  const t = useT();
  const format = useCrmFormat();
  const [operation, setOperation] = useState<ContractOperation | null>(null);
  const row = detail.contract;
  const unit = row.quantityUnit;
  const qty = (value: string | null) => (value === null ? '' : `${format.quantity(value)} ${unit}`);
  const mismatch = Boolean(detail.signedTermsHash && detail.termsHash !== detail.signedTermsHash);
  const operations = OPERATION_ORDER.filter((op) => detail.allowedOperations.includes(op));
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        {row.contractType ? <Chip size="small" label={CONTRACT_TYPE_LABELS[row.contractType]} /> : null}
        {row.contractStatus ? (
          <Chip
            size="small"
            label={row.contractStatus}
            color={row.contractStatus === 'open' ? 'primary' : 'default'}
            variant="outlined"
            sx={{ textTransform: 'capitalize' }}
          />
        ) : null}
        {row.priceStatus ? <Chip size="small" label={PRICE_STATUS_LABELS[row.priceStatus]} variant="outlined" /> : null}
        {mismatch ? (
          <Chip size="small" color="warning" label={t('crm.contract.signatureMismatch')} />
        ) : row.signed ? (
          <Chip size="small" color="success" label={t('crm.contract.signed')} />
        ) : null}
      </Stack>

      {operations.length ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          aria-label={t('crm.contract.actions')}
          sx={{ flexWrap: 'wrap', mt: 2 }}
        >
          {operations.map((op) => (
            <Button
              key={op}
              size="small"
              variant={op === 'note' ? 'contained' : 'outlined'}
              color={op === 'cancel' ? 'error' : 'primary'}
              onClick={() => setOperation(op)}
            >
              {t(`crm.contract.op.${op}` as MessageId)}
            </Button>
          ))}
        </Stack>
      ) : null}

      <Section title={t('crm.contract.figures')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
          <Figure label={t('crm.contract.quantity')} value={qty(row.quantity)} />
          <Figure label={t('crm.contract.delivered')} value={qty(row.deliveredQuantity)} />
          <Figure label={t('crm.contract.undelivered')} value={qty(row.undeliveredQuantity)} />
          <Figure label={t('crm.contract.cancelled')} value={qty(row.cancelledQuantity)} />
          <Figure label={t('crm.contract.unpriced')} value={qty(row.unpricedQuantity)} />
          <Figure
            label={t('crm.contract.optionMonth')}
            value={row.optionMonth ? formatDate(`${row.optionMonth}-01`, 'MMM YYYY') : ''}
          />
          <Figure label={t('crm.contract.averageFutures')} value={format.price(row.averageFutures)} />
          <Figure label={t('crm.contract.averageBasis')} value={format.price(row.averageBasis)} />
          <Figure label={t('crm.contract.averageCash')} value={format.price(row.averageCash)} />
          <Figure
            label={t('crm.contract.deliveryWindow')}
            value={
              row.deliveryStartIsoStr
                ? `${format.day(row.deliveryStartIsoStr)} – ${format.day(row.deliveryEndIsoStr)}`
                : ''
            }
          />
          <Figure label={t('crm.contract.contractDate')} value={format.day(row.date)} />
          <Figure label={t('crm.contract.expiration')} value={format.day(row.expiration)} />
        </Box>
      </Section>

      <EsignSection detail={detail} />

      <Section title={t('crm.contract.pricing')}>
        {detail.pricingEvents.length === 0 ? (
          <Empty id="crm.contract.pricing.empty" />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              aria-label={t('crm.contract.pricing')}
              sx={{ '& th, & td': { px: 1, whiteSpace: 'nowrap' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('crm.contract.pricing.pricedAt')}</TableCell>
                  <TableCell align="right">{t('crm.contract.pricing.quantity')}</TableCell>
                  <TableCell align="right">{t('crm.contract.pricing.futures')}</TableCell>
                  <TableCell align="right">{t('crm.contract.pricing.basis')}</TableCell>
                  <TableCell align="right">{t('crm.contract.pricing.cash')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {detail.pricingEvents.map((event) => (
                  <TableRow key={event.id}>
                    <TableCell>{format.instant(event.pricedAt)}</TableCell>
                    <TableCell align="right">{format.quantity(event.quantity)}</TableCell>
                    <TableCell align="right">{format.price(event.futuresPrice) || '—'}</TableCell>
                    <TableCell align="right">{format.price(event.basis) || '—'}</TableCell>
                    <TableCell align="right">{format.price(event.cashPrice) || '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Section>

      <Section title={t('crm.contract.deliveries')}>
        {detail.ticketApplications.length === 0 ? (
          <Empty id="crm.contract.deliveries.empty" />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              aria-label={t('crm.contract.deliveries')}
              sx={{ '& th, & td': { px: 1, whiteSpace: 'nowrap' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('crm.contract.deliveries.ticket')}</TableCell>
                  <TableCell>{t('crm.contract.deliveries.date')}</TableCell>
                  <TableCell align="right">{t('crm.contract.deliveries.quantity')}</TableCell>
                  <TableCell align="right">{t('crm.contract.deliveries.split')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {detail.ticketApplications.map((application) => (
                  <TableRow key={application.id}>
                    <TableCell>{application.displayScaleTicketId}</TableCell>
                    <TableCell>{format.day(application.deliveryDate)}</TableCell>
                    <TableCell align="right">{format.quantity(application.quantity)}</TableCell>
                    <TableCell align="right">{format.percent(application.splitPct)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Section>

      <Section title={t('crm.contract.history')}>
        {detail.amendments.length === 0 ? (
          <Empty id="crm.contract.history.empty" />
        ) : (
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {[...detail.amendments].reverse().map((amendment) => (
              <Box component="li" key={amendment.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {amendment.displayContractAmendmentId} ·{' '}
                  {OPERATION_ORDER.includes(amendment.action as ContractOperation)
                    ? t(`crm.contract.op.${amendment.action}` as MessageId)
                    : amendment.action}
                </Typography>
                {typeof amendment.details.note === 'string' || typeof amendment.details.reason === 'string' ? (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {String(amendment.details.note ?? amendment.details.reason)}
                  </Typography>
                ) : null}
                <Typography variant="caption" color="text.secondary">
                  {t('crm.contract.history.by', {
                    name: amendment.createdBy?.name ?? '—',
                    when: format.dateTime(amendment.createdAt),
                  })}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t('crm.contract.documents')}>
        {detail.documents.length === 0 ? (
          <Empty id="crm.contract.documents.empty" />
        ) : (
          <Stack spacing={1}>
            {detail.documents.map((document) => (
              <Stack key={document.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <DescriptionOutlinedIcon fontSize="small" color="action" />
                <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {document.fileName}
                </Typography>
                <Chip size="small" label={document.status} variant="outlined" sx={{ textTransform: 'capitalize' }} />
              </Stack>
            ))}
          </Stack>
        )}
      </Section>

      {operation ? <OperationDialog detail={detail} operation={operation} onClose={() => setOperation(null)} /> : null}
    </>
  );
}

/**
 * One contract in a side drawer over the list it was opened from: its figures, pricing, deliveries, history and
 * documents, and the operations its state allows (docs/api/crm.md 'One contract and its operations').
 */
export function ContractDrawer({
  clientId,
  contractId,
  onClose,
}: {
  clientId: number;
  contractId: number | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      anchor="right"
      open={contractId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 } } } }}
    >
      {contractId !== null ? <DrawerContent clientId={clientId} contractId={contractId} onClose={onClose} /> : null}
    </Drawer>
  );
}

function DrawerContent({
  clientId,
  contractId,
  onClose,
}: {
  clientId: number;
  contractId: number;
  onClose: () => void;
}) {
  const t = useT();
  const query = useContractDetail(clientId, contractId);
  const row = query.data?.contract;
  return (
    <Box
      role="dialog"
      aria-label={
        row ? t('crm.contract.title', { number: row.displayContractId ?? row.id }) : t('crm.contract.loading')
      }
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" component="h2">
            {row ? t('crm.contract.title', { number: row.displayContractId ?? row.id }) : t('crm.contract.loading')}
          </Typography>
          {row ? (
            <Typography color="text.secondary">
              {row.client} · {row.commodity} {row.cropYear}
            </Typography>
          ) : null}
        </Box>
        <IconButton aria-label={t('crm.contract.close')} onClick={onClose}>
          <CloseRoundedIcon />
        </IconButton>
      </Stack>
      <Divider sx={{ my: 2 }} />
      {query.error ? (
        <CrmErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <ContractBody detail={query.data} />
      ) : (
        <PageSpinner />
      )}
    </Box>
  );
}
