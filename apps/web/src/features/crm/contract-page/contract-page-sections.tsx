import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  amendmentSignatureOf,
  formatDate,
  type ContractAmendmentRow,
  type ContractEsignStatus,
  type ContractPageData,
  type PaymentRequestRow,
  type SettlementSummary,
} from '@granary/domain';
import { Box, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { AmendmentSignatureChip } from '../../../lib/trading/amendment-signature-chip';
import { useContractHistoryText } from '../../../lib/trading/contract-history';
import { ContractDeliveriesTable } from '../../../lib/trading/contract-deliveries-table';
import { ContractPricingTable } from '../../../lib/trading/contract-pricing-table';
import { priceUnitOf, quantityUnitText } from '../../../lib/trading/price-units';
import { ContractHistoryList } from '../contract/contract-history-list';
import { numericCellSx } from '../../../lib/ui/numeric-cell';
import { useCrmFormat } from '../components/use-crm-format';
import { ContractPricingActions, ContractPricingExtrasSection } from '../contract/pricing-actions';
import { EditTermsButton } from '../contract-writing/edit-terms-button';
import { amendmentPdfUrl, documentFileUrl } from './contract-page-api';
import { EmptyLine } from '../../../lib/ui/page-states';

const TABLE_SX = { '& th, & td': { px: 1, whiteSpace: 'nowrap' } } as const;

/** A titled card of the page; `id` is the anchor a link may jump to. */
export function PageSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      id={id}
      aria-label={title}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, breakInside: 'avoid', '@media print': { border: 0, p: 0, mb: 2 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 30 }}>
        <Typography variant="h3" component="h2" sx={{ flex: 1, fontSize: '1.05rem', fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function Term({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {value || '—'}
      </Typography>
    </Box>
  );
}

/** Every term of the contract's type, formatted: quantities with their unit, prices in the partner's notation. */
export function TermsSection({ data }: { data: ContractPageData }) {
  const t = useT();
  const format = useCrmFormat();
  const row = data.contract;
  const unit = row.quantityUnit;
  const priceUnit = priceUnitOf(unit);
  const qty = (value: string | null) => (value === null ? '' : `${format.quantity(value)} ${unit}`);
  const range = (from: string | null, to: string | null) =>
    from ? t('contractPage.term.range', { from: format.day(from), to: format.day(to) }) : '';
  const type = row.contractType;
  const minimumPrice = type === 'mp' || type === 'mp_plus';
  const terms: [MessageId, ReactNode, boolean][] = [
    ['contractPage.term.number', row.displayContractId, true],
    ['contractPage.term.type', type ? t(`crm.lists.contractType.${type}`) : '', true],
    ['contractPage.term.direction', t(data.direction === 'sale' ? 'contractPage.sale' : 'contractPage.purchase'), true],
    ['contractPage.term.market', data.terms.marketName, true],
    ['contractPage.term.crop', row.commodity, true],
    ['contractPage.term.cropYear', String(row.cropYear), true],
    ['contractPage.term.quantity', qty(row.quantity), true],
    ['contractPage.term.delivered', qty(row.deliveredQuantity), true],
    ['contractPage.term.undelivered', qty(row.undeliveredQuantity), true],
    ['contractPage.term.unpriced', qty(row.unpricedQuantity), true],
    ['contractPage.term.cancelled', qty(row.cancelledQuantity), true],
    ['contractPage.term.delivery', range(row.deliveryStartIsoStr, row.deliveryEndIsoStr), true],
    ['contractPage.term.optionMonth', row.optionMonth ? formatDate(`${row.optionMonth}-01`, 'MMM YYYY') : '', true],
    ['contractPage.term.futures', format.prices.withUnit(row.averageFutures, priceUnit), true],
    ['contractPage.term.basis', format.prices.basis(row.averageBasis, row.optionMonth, priceUnit), true],
    ['contractPage.term.cash', format.prices.withUnit(row.averageCash, priceUnit), true],
    ['contractPage.term.offerPrice', format.prices.withUnit(row.offerPrice, priceUnit), row.offerPrice !== null],
    ['contractPage.term.strike', format.prices.withUnit(row.strike, priceUnit), minimumPrice || row.strike !== null],
    [
      'contractPage.term.callOptionFee',
      format.prices.withUnit(row.callOptionFee, priceUnit),
      minimumPrice || row.callOptionFee !== null,
    ],
    ['contractPage.term.expiration', format.day(row.expiration), minimumPrice || row.expiration !== null],
    ['contractPage.term.mpOption', row.mpOption ?? '', row.mpOption !== null],
    [
      'contractPage.term.pricingPeriod',
      range(data.terms.pricingPeriodStart, data.terms.pricingPeriodEnd),
      type === 'pp' || type === 'mp_plus' || data.terms.pricingPeriodStart !== null,
    ],
    [
      'contractPage.term.deferredPayment',
      format.day(data.terms.deferredPaymentDate),
      type === 'basic_cs' || data.terms.deferredPaymentDate !== null,
    ],
    ['contractPage.term.paymentTerms', paymentTermsLabel(t, data.terms.paymentTerms), true],
    ['contractPage.term.program', data.terms.program ?? '', true],
    ['contractPage.term.contractDate', format.day(row.date), true],
    ['contractPage.term.description', row.description ?? '', row.description !== null],
  ];
  return (
    <PageSection
      id="terms"
      title={t('contractPage.terms')}
      action={
        <Box className="no-print">
          <EditTermsButton detail={data} />
        </Box>
      }
    >
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
          gap: 2,
        }}
      >
        {terms
          .filter(([, , shown]) => shown)
          .map(([id, value]) => (
            <Term key={id} label={t(id)} value={value} />
          ))}
      </Box>
    </PageSection>
  );
}

/** The pricing events and the tickets applied, in the tables the drawer and the farmer's dialog use. */
export function PricingSection({ data }: { data: ContractPageData }) {
  const t = useT();
  const format = useCrmFormat();
  const unit = quantityUnitText(data.contract.quantityUnit, t);
  const quantity = (value: string) => `${format.columnQuantity(value)} ${unit}`;
  return (
    <PageSection
      id="pricing"
      title={t('contractPage.pricing')}
      action={
        <Box className="no-print">
          <ContractPricingActions detail={data} />
        </Box>
      }
    >
      <Box sx={{ overflowX: 'auto' }}>
        <ContractPricingTable
          events={data.pricingEvents}
          label={t('contractPage.pricing')}
          headings={{
            pricedAt: t('crm.contract.pricing.pricedAt'),
            quantity: t('crm.contract.pricing.quantity'),
            futures: t('crm.contract.pricing.futures'),
            basis: t('crm.contract.pricing.basis'),
            cash: t('crm.contract.pricing.cash'),
          }}
          empty={t('crm.contract.pricing.empty')}
          format={{ instant: format.instant, quantity }}
          prices={{ month: data.contract.optionMonth, unit: priceUnitOf(data.contract.quantityUnit), none: '—' }}
          legsWideOnly
          sx={TABLE_SX}
        />
      </Box>
      <ContractPricingExtrasSection detail={data} />
    </PageSection>
  );
}

export function DeliveriesSection({ data }: { data: ContractPageData }) {
  const t = useT();
  const format = useCrmFormat();
  const unit = quantityUnitText(data.contract.quantityUnit, t);
  const quantity = (value: string) => `${format.columnQuantity(value)} ${unit}`;
  return (
    <PageSection id="deliveries" title={t('contractPage.deliveries')}>
      <Box sx={{ overflowX: 'auto' }}>
        <ContractDeliveriesTable
          applications={data.ticketApplications}
          label={t('contractPage.deliveries')}
          headings={{
            ticket: t('crm.contract.deliveries.ticket'),
            date: t('crm.contract.deliveries.date'),
            quantity: t('crm.contract.deliveries.quantity'),
          }}
          empty={t('crm.contract.deliveries.empty')}
          format={{ day: format.day, quantity }}
          split={{ heading: t('crm.contract.deliveries.split'), format: format.percent }}
          sx={TABLE_SX}
        />
      </Box>
    </PageSection>
  );
}

/** Where an amendment stands with the signer, from the latest document carrying it and the partner's rule. */
function amendmentSignature(amendment: ContractAmendmentRow, status: ContractEsignStatus) {
  const doc = status.documents.find((d) => d.amendmentId === amendment.id) ?? null;
  return {
    state: amendmentSignatureOf(doc?.status ?? null, status.amendmentsRequireSignature),
    documentId: doc?.id ?? null,
    signed: doc?.status === 'signed',
  };
}

/** The amendments, numbered (their displayContractAmendmentId), each with its PDF and signature state. */
export function AmendmentsSection({
  data,
  status,
}: {
  data: ContractPageData;
  status: ContractEsignStatus | undefined;
}) {
  const t = useT();
  const format = useCrmFormat();
  const history = useContractHistoryText(data.contract);
  const amendments = data.amendments.filter((a) => a.action !== 'note');
  return (
    <PageSection id="amendments" title={t('contractPage.amendments')}>
      {amendments.length === 0 ? (
        <EmptyLine>{t('contractPage.amendments.empty')}</EmptyLine>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {amendments.map((amendment) => {
            const signature = status ? amendmentSignature(amendment, status) : null;
            return (
              <Stack
                component="li"
                key={amendment.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0.5, sm: 2 }}
                sx={{ alignItems: { sm: 'center' }, borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {amendment.displayContractAmendmentId} · {history(amendment)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {format.dateTime(amendment.createdAt)}
                    {amendment.createdBy ? ` · ${amendment.createdBy.name}` : ''}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
                  {signature ? <AmendmentSignatureChip signature={signature.state} /> : null}
                  <Link
                    href={
                      signature?.signed && signature.documentId !== null
                        ? documentFileUrl(signature.documentId, 'signed')
                        : amendmentPdfUrl(amendment.id)
                    }
                    target="_blank"
                    rel="noopener"
                    variant="body2"
                    aria-label={t('contractPage.amendment.pdfLabel', { id: amendment.displayContractAmendmentId })}
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
                  >
                    <PictureAsPdfOutlinedIcon fontSize="small" />
                    {t('contractPage.amendment.pdf')}
                  </Link>
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      )}
    </PageSection>
  );
}

/** A settlement's or payment's first cell: its name over its day, so the table keeps four columns in a side column. */
function NameAndDay({ name, day }: { name: ReactNode; day: string }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {name}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {day}
      </Typography>
    </>
  );
}

/** The side column's money tables: every column on one line, the figures right-aligned in tabular numerals. */
const MONEY_TABLE_SX = {
  '& th, & td': { px: 1, whiteSpace: 'nowrap' },
  '& th:first-of-type, & td:first-of-type': { pl: 0 },
  '& th:last-of-type, & td:last-of-type': { pr: 0 },
  '& td.figure': numericCellSx,
} as const;

/**
 * The contract's settlements and payment requests (tasks E and F), or their empty states. The section sits in the
 * page's narrow side column at lg and alone on a phone: four columns that fit 330 px, the day under the name.
 */
export function MoneySection({
  settlements,
  payments,
}: {
  settlements: readonly SettlementSummary[];
  payments: readonly PaymentRequestRow[];
}) {
  const t = useT();
  const format = useCrmFormat();
  const head = (ids: MessageId[]) => (
    <TableHead>
      <TableRow>
        {ids.map((id, i) => (
          <TableCell key={id} align={i >= 2 ? 'right' : 'left'}>
            {t(id)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
  return (
    <PageSection id="settlements" title={t('contractPage.money')}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('contractPage.settlements')}
      </Typography>
      {settlements.length === 0 ? (
        <EmptyLine>{t('contractPage.settlements.empty')}</EmptyLine>
      ) : (
        <Table size="small" aria-label={t('contractPage.settlements')} sx={MONEY_TABLE_SX}>
          {head([
            'contractPage.settlement.number',
            'contractPage.settlement.status',
            'contractPage.settlement.bushels',
            'contractPage.settlement.net',
          ])}
          <TableBody>
            {settlements.map((s) => (
              <TableRow key={s.id ?? s.displaySettlementId}>
                <TableCell>
                  <NameAndDay name={s.displaySettlementId ?? '—'} day={format.day(s.settlementDate)} />
                </TableCell>
                <TableCell>{t(`settlements.status.${s.status}`)}</TableCell>
                <TableCell className="figure">{format.columnQuantity(s.bushels)}</TableCell>
                <TableCell className="figure" sx={{ fontWeight: 600 }}>
                  {format.money(s.net)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
        {t('contractPage.payments')}
      </Typography>
      {payments.length === 0 ? (
        <EmptyLine>{t('contractPage.payments.empty')}</EmptyLine>
      ) : (
        <Table size="small" aria-label={t('contractPage.payments')} sx={MONEY_TABLE_SX}>
          {head(['contractPage.payment.method', 'contractPage.payment.status', 'contractPage.payment.amount'])}
          <TableBody>
            {payments.map((p) => (
              <TableRow key={p.id}>
                <TableCell>
                  <NameAndDay name={t(`payments.method.${p.method}`)} day={format.instant(p.requestedAt)} />
                </TableCell>
                <TableCell>{t(`payments.status.${p.status}`)}</TableCell>
                <TableCell className="figure" sx={{ fontWeight: 600 }}>
                  {format.money(p.amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PageSection>
  );
}

const PAYMENT_TERMS = ['on_settlement', 'net_10', 'net_30', 'deferred'] as const;

/** The contract's payment terms in words (the New contract form's choices); a value from elsewhere as it is. */
function paymentTermsLabel(t: ReturnType<typeof useT>, terms: string | null): string {
  if (terms === null) return '';
  const known = PAYMENT_TERMS.find((k) => k === terms);
  return known ? t(`crm.write.paymentTerms.${known}`) : terms;
}

/** The history in words: every amendment (notes too), newest first, with who and when. */
export function HistorySection({ data }: { data: ContractPageData }) {
  const t = useT();
  return (
    <PageSection id="history" title={t('contractPage.history')}>
      <ContractHistoryList contract={data.contract} amendments={data.amendments} />
    </PageSection>
  );
}
