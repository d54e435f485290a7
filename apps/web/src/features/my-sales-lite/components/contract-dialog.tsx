import type { FarmerAmendment, FarmerContractDetail } from '@granary/domain';
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
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { useFarmerContract } from '../api/sales';
import { Figure } from './figure';
import { MslError, MslLoading } from './msl-states';
import { PriceStatusChip } from './price-status-chip';
import { useMslFormat, type MslFormat } from './use-msl-format';

/** Columns left out on a phone (the futures and basis of each pricing; the terms above give the averages). */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

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

function amendmentText(a: FarmerAmendment, fmt: MslFormat): ReactNode {
  const c = a.changes;
  const windowOf = (v: string | null | undefined) =>
    v
      ? v
          .split('/')
          .map((d) => fmt.day(d))
          .join(' – ')
      : fmt.day(null);
  switch (a.action) {
    case 'cancel':
    case 'partial_cancel':
      return <T id={`msl.detail.history.${a.action}`} values={{ quantity: fmt.quantity(c.cancelledQuantity) }} />;
    case 'futures_roll':
      return (
        <T
          id="msl.detail.history.futures_roll"
          values={{ from: fmt.month(c.fromOptionMonth), to: fmt.month(c.toOptionMonth) }}
        />
      );
    case 'basis_roll':
      return (
        <T id="msl.detail.history.basis_roll" values={{ from: windowOf(c.fromDelivery), to: windowOf(c.toDelivery) }} />
      );
    case 'roll':
      return <T id="msl.detail.history.roll" />;
    default:
      return <T id="msl.detail.history.other" />;
  }
}

function DetailBody({ detail, fmt }: { detail: FarmerContractDetail; fmt: MslFormat }) {
  const t = useT();
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
        <Figure label={<T id="msl.fig.avgCash" />} value={fmt.price(c.cashPrice)} />
      </Box>

      <Section title={<T id="msl.detail.terms" />}>
        <Term label={<T id="msl.detail.type" />} value={<T id={`msl.type.${c.contractType}`} />} />
        <Term label={<T id="msl.detail.market" />} value={c.market} />
        <Term label={<T id="msl.detail.seller" />} value={c.clientName} />
        <Term label={<T id="msl.detail.contractDate" />} value={fmt.day(c.contractDate)} />
        <Term
          label={<T id="msl.detail.delivery" />}
          value={`${fmt.day(c.deliveryStart)} – ${fmt.day(c.deliveryEnd)}`}
        />
        <Term label={<T id="msl.detail.optionMonth" />} value={fmt.month(c.optionMonth)} />
        <Term label={<T id="msl.detail.futures" />} value={fmt.price(c.futuresPrice)} />
        <Term label={<T id="msl.detail.basis" />} value={fmt.price(c.basis)} />
        <Term label={<T id="msl.detail.cash" />} value={fmt.price(c.cashPrice)} />
        {c.cancelled !== '0' ? (
          <Term label={<T id="msl.detail.cancelled" />} value={fmt.quantity(c.cancelled, unit)} />
        ) : null}
      </Section>

      <Section title={<T id="msl.detail.pricing" />}>
        {detail.pricingEvents.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            <T id="msl.detail.pricing.empty" />
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('msl.detail.pricing')}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <T id="msl.detail.pricing.date" />
                  </TableCell>
                  <TableCell align="right">
                    <T id="msl.detail.pricing.quantity" />
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    <T id="msl.detail.futures" />
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    <T id="msl.detail.basis" />
                  </TableCell>
                  <TableCell align="right">
                    <T id="msl.detail.cash" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {detail.pricingEvents.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.instant(e.pricedAt)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {fmt.quantity(e.quantity, unit)}
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {fmt.price(e.futuresPrice)}
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {fmt.price(e.basis)}
                    </TableCell>
                    <TableCell align="right">{fmt.price(e.cashPrice)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>

      <Section title={<T id="msl.detail.deliveries" />}>
        {detail.ticketApplications.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            <T id="msl.detail.deliveries.empty" />
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('msl.detail.deliveries')}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <T id="msl.detail.deliveries.ticket" />
                  </TableCell>
                  <TableCell>
                    <T id="msl.detail.deliveries.date" />
                  </TableCell>
                  <TableCell align="right">
                    <T id="msl.detail.deliveries.applied" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {detail.ticketApplications.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell>{a.displayScaleTicketId}</TableCell>
                    <TableCell>{fmt.day(a.deliveryDate)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {fmt.quantity(a.quantity, unit)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>

      <Section title={<T id="msl.detail.history" />}>
        {detail.amendments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            <T id="msl.detail.history.empty" />
          </Typography>
        ) : (
          <List dense disablePadding>
            {detail.amendments.map((a) => (
              <ListItem key={a.id} disableGutters divider>
                <ListItemText
                  primary={amendmentText(a, fmt)}
                  secondary={`${a.displayContractAmendmentId} · ${fmt.instant(a.createdAt)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>

      {detail.documents.length > 0 ? (
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
      ) : null}
    </>
  );
}

/** One contract in a dialog (full screen on a phone): figures, terms, pricing, deliveries, changes and documents. */
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
