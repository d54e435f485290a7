import type { FarmerContractDetail } from '@granary/domain';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import {
  Box,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { ContractDeliveriesTable } from '../../../lib/trading/contract-deliveries-table';
import { ContractPricingTable } from '../../../lib/trading/contract-pricing-table';
import { priceUnitOf } from '../../../lib/trading/price-units';
import { useFarmerContract } from '../api/sales';
import { ContractAmendments, ContractToSign } from './contract-signing-section';
import { Figure } from './figure';
import { MslError, MslLoading } from './msl-states';
import { PriceStatusChip } from './price-status-chip';
import { useMslFormat, type MslFormat } from './use-msl-format';

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

function Term({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The contract's state, price state and whether it waits for the farmer's signature, then its main figures. */
function DetailFigures({ detail, fmt }: { detail: FarmerContractDetail; fmt: MslFormat }) {
  const c = detail.contract;
  const unit = c.quantityUnit;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Chip size="small" label={<T id={`msl.status.${c.status}`} />} />
        <PriceStatusChip status={c.priceStatus} />
        {c.signatureNeeded ? (
          <Chip size="small" color="warning" label={<T id="msl.contracts.signatureNeeded" />} />
        ) : null}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        <Figure label={<T id="msl.fig.contracted" />} value={fmt.quantity(c.contracted, unit)} emphasis />
        <Figure label={<T id="msl.fig.delivered" />} value={fmt.quantity(c.delivered, unit)} emphasis />
        <Figure label={<T id="msl.fig.remaining" />} value={fmt.quantity(c.remaining, unit)} emphasis />
        <Figure label={<T id="msl.fig.priced" />} value={fmt.quantity(c.priced, unit)} />
        <Figure label={<T id="msl.fig.unpriced" />} value={fmt.quantity(c.unpriced, unit)} />
        <Figure label={<T id="msl.fig.avgCash" />} value={fmt.price(c.cashPrice, unit)} />
      </Box>
    </>
  );
}

function DetailTerms({ detail, fmt }: { detail: FarmerContractDetail; fmt: MslFormat }) {
  const c = detail.contract;
  return (
    <Section title={<T id="msl.detail.terms" />}>
      <Term label={<T id="msl.detail.type" />} value={<T id={`msl.type.${c.contractType}`} />} />
      <Term label={<T id="msl.detail.market" />} value={c.market} />
      <Term label={<T id="msl.detail.seller" />} value={c.clientName} />
      <Term label={<T id="msl.detail.contractDate" />} value={fmt.day(c.contractDate)} />
      <Term label={<T id="msl.detail.delivery" />} value={`${fmt.day(c.deliveryStart)} – ${fmt.day(c.deliveryEnd)}`} />
      <Term label={<T id="msl.detail.optionMonth" />} value={fmt.month(c.optionMonth)} />
      <Term label={<T id="msl.detail.futures" />} value={fmt.price(c.futuresPrice, c.quantityUnit)} />
      <Term label={<T id="msl.detail.basis" />} value={fmt.basis(c.basis, c.optionMonth, c.quantityUnit)} />
      <Term label={<T id="msl.detail.cash" />} value={fmt.price(c.cashPrice, c.quantityUnit)} />
      {c.cancelled !== '0' ? (
        <Term label={<T id="msl.detail.cancelled" />} value={fmt.quantity(c.cancelled, c.quantityUnit)} />
      ) : null}
    </Section>
  );
}

/**
 * The pricings, in the table the CRM's contract drawer shows them in too. On a phone the futures and basis of each
 * pricing are left out (the terms above give the averages).
 */
function DetailPricing({ detail, fmt }: { detail: FarmerContractDetail; fmt: MslFormat }) {
  const t = useT();
  const quantity = (value: string) => fmt.columnQuantity(value, detail.contract.quantityUnit);
  return (
    <Section title={<T id="msl.detail.pricing" />}>
      <ContractPricingTable
        events={detail.pricingEvents}
        label={t('msl.detail.pricing')}
        headings={{
          pricedAt: <T id="msl.detail.pricing.date" />,
          quantity: <T id="msl.detail.pricing.quantity" />,
          futures: <T id="msl.detail.futures" />,
          basis: <T id="msl.detail.basis" />,
          cash: <T id="msl.detail.cash" />,
        }}
        empty={<T id="msl.detail.pricing.empty" />}
        format={{ instant: fmt.instant, quantity }}
        prices={{
          month: detail.contract.optionMonth,
          unit: priceUnitOf(detail.contract.quantityUnit),
          none: t('msl.fig.none'),
        }}
        legsWideOnly
      />
    </Section>
  );
}

/** The tickets applied to the contract, in the table the CRM's contract drawer shows them in too. */
function DetailDeliveries({ detail, fmt }: { detail: FarmerContractDetail; fmt: MslFormat }) {
  const t = useT();
  const quantity = (value: string) => fmt.columnQuantity(value, detail.contract.quantityUnit);
  return (
    <Section title={<T id="msl.detail.deliveries" />}>
      <ContractDeliveriesTable
        applications={detail.ticketApplications}
        label={t('msl.detail.deliveries')}
        headings={{
          ticket: <T id="msl.detail.deliveries.ticket" />,
          date: <T id="msl.detail.deliveries.date" />,
          quantity: <T id="msl.detail.deliveries.applied" />,
        }}
        empty={<T id="msl.detail.deliveries.empty" />}
        format={{ day: fmt.day, quantity }}
      />
    </Section>
  );
}

/** The contract's documents, when there are any: sent, signed or void. */
function DetailDocuments({ detail, fmt }: { detail: FarmerContractDetail; fmt: MslFormat }) {
  if (detail.documents.length === 0) return null;
  return (
    <Section title={<T id="msl.detail.documents" />}>
      <List dense disablePadding>
        {detail.documents.map((d) => (
          <ListItem key={d.id} disableGutters divider>
            <ListItemText
              primary={d.fileName}
              secondary={
                d.status === 'signed' ? (
                  <T id="msl.detail.documents.signedOn" values={{ date: fmt.instant(d.signedAt) }} />
                ) : d.status === 'void' ? (
                  <T id="msl.detail.documents.void" />
                ) : (
                  <T id="msl.detail.documents.sentOn" values={{ date: fmt.instant(d.createdAt) }} />
                )
              }
            />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}

/**
 * The contract as the CRM's contract page orders it: what waits for a signature first, then terms, pricing, the
 * amendments (each once, with its signature state and PDF), deliveries and documents.
 */
function DetailBody({ detail, fmt }: { detail: FarmerContractDetail; fmt: MslFormat }) {
  return (
    <>
      <DetailFigures detail={detail} fmt={fmt} />
      <ContractToSign contractId={detail.contract.id} />
      <DetailTerms detail={detail} fmt={fmt} />
      <DetailPricing detail={detail} fmt={fmt} />
      <Section title={<T id="esign.msl.amendments" />}>
        <ContractAmendments
          contractId={detail.contract.id}
          contract={detail.contract}
          amendments={detail.amendments}
          fmt={fmt}
        />
      </Section>
      <DetailDeliveries detail={detail} fmt={fmt} />
      <DetailDocuments detail={detail} fmt={fmt} />
    </>
  );
}

/** One contract in a dialog (full screen on a phone): figures, terms, pricing, amendments, deliveries and documents. */
export function ContractDialog({
  contractId,
  number,
  onClose,
}: {
  contractId: number | null;
  number: string | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const t = useT();
  const fmt = useMslFormat();
  const query = useFarmerContract(contractId);
  const shown = query.data?.contract.displayContractId ?? number;
  return (
    <Dialog
      open={contractId !== null}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="msl-contract-title"
    >
      <DialogTitle id="msl-contract-title" sx={{ pr: 7 }}>
        {shown ? <T id="msl.contracts.number" values={{ number: shown }} /> : <T id="msl.detail.loading" />}
        {query.data ? (
          <Typography variant="body2" color="text.secondary" component="div">
            <T
              id="msl.summary.cropYear"
              values={{ crop: query.data.contract.crop, year: query.data.contract.cropYear }}
            />{' '}
            · {query.data.contract.market}
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
        ) : !query.data ? (
          <MslLoading count={2} height={120} />
        ) : (
          <DetailBody detail={query.data} fmt={fmt} />
        )}
      </DialogContent>
    </Dialog>
  );
}
