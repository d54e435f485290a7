import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import {
  CONTRACT_TYPE_LABELS,
  formatDate,
  PRICE_STATUS_LABELS,
  type ContractDetail,
  type ContractOperation,
} from '@granary/domain';
import { Box, Button, Chip, Divider, Drawer, IconButton, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useState, type ReactNode } from 'react';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { ContractDeliveriesTable } from '../../../lib/trading/contract-deliveries-table';
import { ContractPricingTable } from '../../../lib/trading/contract-pricing-table';
import { priceUnitOf, quantityUnitText } from '../../../lib/trading/price-units';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState } from '../components/crm-page-frame';
import { ContractHistoryList } from './contract-history-list';
import { useCrmFormat } from '../components/use-crm-format';
import { useContractDetail } from './contract-api';
import { EsignSection } from './esign-section';
import { OperationDialog } from './operation-dialog';
import { EditTermsButton } from '../contract-writing/edit-terms-button';
import { ContractPricingActions, ContractPricingExtrasSection } from './pricing-actions';
import { useCrmContext } from '../api/markets';
import { UnapplyButton } from '../deliveries/unapplied-actions';
import { EmptyLine } from '../../../lib/ui/page-states';

/** The order the operation buttons show in. */
const OPERATION_ORDER: readonly ContractOperation[] = [
  'note',
  'partial_cancel',
  'futures_roll',
  'basis_roll',
  'roll',
  'cancel',
];

/** The pricing and deliveries tables: compact cells whose values do not wrap. */
const TABLE_SX = { '& th, & td': { px: 1, whiteSpace: 'nowrap' } } as const;

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

/** The contract's type, state, price state and signature as chips. */
function ContractChips({ detail }: { detail: ContractDetail }) {
  const t = useT();
  const row = detail.contract;
  const mismatch = Boolean(detail.signedTermsHash && detail.termsHash !== detail.signedTermsHash);
  return (
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
  );
}

/** A button per operation the contract's state allows, in OPERATION_ORDER. */
function ContractOperations({
  detail,
  onOperation,
}: {
  detail: ContractDetail;
  onOperation: (operation: ContractOperation) => void;
}) {
  const t = useT();
  const operations = OPERATION_ORDER.filter((op) => detail.allowedOperations.includes(op));
  return (
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
          onClick={() => onOperation(op)}
        >
          {t(`crm.contract.op.${op}` as MessageId)}
        </Button>
      ))}
      <ContractPricingActions detail={detail} />
      <EditTermsButton detail={detail} />
    </Stack>
  );
}

/** Quantities, averages and dates. */
function ContractFigures({ detail }: { detail: ContractDetail }) {
  const t = useT();
  const format = useCrmFormat();
  const row = detail.contract;
  const unit = row.quantityUnit;
  const priceUnit = priceUnitOf(unit);
  const qty = (value: string | null) => (value === null ? '' : `${format.quantity(value)} ${unit}`);
  return (
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
        <Figure
          label={t('crm.contract.averageFutures')}
          value={format.prices.withUnit(row.averageFutures, priceUnit)}
        />
        <Figure
          label={t('crm.contract.averageBasis')}
          value={format.prices.basis(row.averageBasis, row.optionMonth, priceUnit)}
        />
        <Figure label={t('crm.contract.averageCash')} value={format.prices.withUnit(row.averageCash, priceUnit)} />
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
  );
}

/** The pricings and the tickets applied, in the tables the farmer's contract dialog shows them in too. */
function ContractPricingAndDeliveries({ detail }: { detail: ContractDetail }) {
  const t = useT();
  const format = useCrmFormat();
  // Quantities in the tables: 2 fixed decimals with the unit (bu, t), so a column's figures line up.
  const unit = quantityUnitText(detail.contract.quantityUnit, t);
  const quantity = (value: string) => `${format.columnQuantity(value)} ${unit}`;
  // Unapply (deliveries, issue 14) where the user holds the market's deliveries permission.
  const canUnapply = (useCrmContext().data?.markets ?? []).some(
    (m) => m.id === detail.contract.marketId && m.entitlements.includes('grain-buying-deliveries'),
  );
  return (
    <>
      <Section title={t('crm.contract.pricing')}>
        <ContractPricingTable
          events={detail.pricingEvents}
          label={t('crm.contract.pricing')}
          headings={{
            pricedAt: t('crm.contract.pricing.pricedAt'),
            quantity: t('crm.contract.pricing.quantity'),
            futures: t('crm.contract.pricing.futures'),
            basis: t('crm.contract.pricing.basis'),
            cash: t('crm.contract.pricing.cash'),
          }}
          empty={t('crm.contract.pricing.empty')}
          format={{ instant: format.instant, quantity }}
          prices={{
            month: detail.contract.optionMonth,
            unit: priceUnitOf(detail.contract.quantityUnit),
            none: '—',
          }}
          sx={TABLE_SX}
        />
      </Section>
      <Section title={t('crm.contract.deliveries')}>
        <ContractDeliveriesTable
          applications={detail.ticketApplications}
          label={t('crm.contract.deliveries')}
          headings={{
            ticket: t('crm.contract.deliveries.ticket'),
            date: t('crm.contract.deliveries.date'),
            quantity: t('crm.contract.deliveries.quantity'),
          }}
          empty={t('crm.contract.deliveries.empty')}
          format={{ day: format.day, quantity }}
          split={{ heading: t('crm.contract.deliveries.split'), format: format.percent }}
          {...(canUnapply ? { action: { heading: '', render: (a) => <UnapplyButton application={a} /> } } : {})}
          sx={TABLE_SX}
        />
      </Section>
    </>
  );
}

/** The amendments, newest first (the same list as the contract page's History). */
function ContractHistory({ detail }: { detail: ContractDetail }) {
  const t = useT();
  return (
    <Section title={t('crm.contract.history')}>
      <ContractHistoryList contract={detail.contract} amendments={detail.amendments} />
    </Section>
  );
}

function ContractDocuments({ detail }: { detail: ContractDetail }) {
  const t = useT();
  return (
    <Section title={t('crm.contract.documents')}>
      {detail.documents.length === 0 ? (
        <EmptyLine>{t('crm.contract.documents.empty')}</EmptyLine>
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
  );
}

function ContractBody({ detail }: { detail: ContractDetail }) {
  const [operation, setOperation] = useState<ContractOperation | null>(null);
  return (
    <>
      <ContractChips detail={detail} />
      <ContractOperations detail={detail} onOperation={setOperation} />
      <ContractFigures detail={detail} />
      <EsignSection detail={detail} />
      <ContractPricingAndDeliveries detail={detail} />
      <ContractPricingExtrasSection detail={detail} />
      <ContractHistory detail={detail} />
      <ContractDocuments detail={detail} />
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
          {row ? (
            <Link component={RouterLink} to={`/crm/contracts/${row.id}`} variant="body2" sx={{ fontWeight: 600 }}>
              {t('contractPage.open')}
            </Link>
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
