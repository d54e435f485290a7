import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import CreditCardRoundedIcon from '@mui/icons-material/CreditCardRounded';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  FormControlLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  CHECKOUT_SECTION_OF_ERROR,
  PAYMENT_FAILED_MESSAGE,
  errorSection,
  type CheckoutPartition,
  type CheckoutSection,
  type CheckoutView,
  type CartErrorSection,
  type PaymentTerm,
  type StoreAddress,
} from '@granary/domain';
import { isApiError, type ApiError } from '../../../lib/api/api-error';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { usePartner } from '../../../lib/brand/partner-context';
import { useSellerName } from '../components/product-card';
import { StorePage } from '../components/store-frame';
import { useCart } from '../cart/cart-context';
import { checkoutApi, checkoutDetails } from './checkout-api';

export type SectionError = { section: CartErrorSection; message: string; partitionKey?: string | null };

/** Where a refused call's error shows: its cart error section, then the checkout card of that section ('page' on top). */
export function placeOfError(e: ApiError): { card: CheckoutSection | 'page'; error: SectionError } {
  const details = checkoutDetails(e);
  const section = errorSection(e.code, (details['section'] as string | undefined) ?? null) ?? 'startOverCheckout';
  const message = e.code === 'payment_failed' ? PAYMENT_FAILED_MESSAGE : e.message;
  return {
    card: CHECKOUT_SECTION_OF_ERROR[section],
    error: { section, message, partitionKey: (details['partitionKey'] as string | undefined) ?? null },
  };
}

/** The test card provider's cards (decision 021): tokens only, never a card number. */
const TEST_CARDS = [
  { token: 'tok_test_visa', brand: 'Visa', last4: '4242', outcome: 'approved' },
  { token: 'tok_test_declined', brand: 'Visa', last4: '0002', outcome: 'declined' },
] as const;

const FINANCING_SHOWN = 4;

const money = (amount: string, currency: string) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency === 'USD' ? '' : ` ${currency}`}`;

function addressText(a: StoreAddress): string {
  if (a.format === 'can_lll')
    return `${[a.lllQuarter, a.lllSection, a.lllTownship, a.lllRange, a.lllMeridian].join('-')}, ${a.region}${a.name ? ` (${a.name})` : ''}`;
  return `${a.name ? `${a.name}, ` : ''}${a.line1}, ${a.city} ${a.region} ${a.postalCode}`;
}

/** A numbered step of the checkout: its title, its state (done, or required), its errors and its content. */
function SectionCard({
  id,
  step,
  view,
  errors,
  children,
}: {
  id: CheckoutSection;
  step: number;
  view: CheckoutView;
  errors: SectionError[];
  children: ReactNode;
}) {
  const state = view.sections[id];
  return (
    <Paper
      component="section"
      aria-labelledby={`checkout-${id}`}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 2, borderRadius: 2, position: 'relative' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <Box
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            flex: 'none',
            fontWeight: 700,
            fontSize: 14,
            bgcolor: state.filled ? 'success.main' : 'action.selected',
            color: state.filled ? 'success.contrastText' : 'text.primary',
          }}
        >
          {state.filled ? <CheckRoundedIcon sx={{ fontSize: 18 }} /> : step}
        </Box>
        <Typography
          id={`checkout-${id}`}
          component="h2"
          variant="h6"
          sx={{ fontWeight: 700, flex: 1, lineHeight: 1.3 }}
        >
          <T id={`store.checkout.section.${id}` as MessageId} />
        </Typography>
        {state.required && !state.filled ? (
          <Chip size="small" color="warning" variant="outlined" label={<T id="store.checkout.required" />} />
        ) : null}
        <Typography
          variant="caption"
          sx={{
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          }}
          data-testid={`section-${id}-state`}
        >
          <T id={state.filled ? 'store.checkout.filled' : 'store.checkout.todo'} />
        </Typography>
      </Stack>
      {errors.map((e, i) => (
        <Alert key={i} severity="error" sx={{ mb: 2 }} data-section={e.section}>
          {e.message}
        </Alert>
      ))}
      {children}
    </Paper>
  );
}

type Write = (path: string, body: Record<string, unknown>) => Promise<void>;

function fieldProblems(t: ReturnType<typeof useT>, e: unknown): string {
  const fields =
    (isApiError(e) ? (checkoutDetails(e)['fields'] as { field: string; problem: string }[] | undefined) : undefined) ??
    [];
  return fields.length
    ? fields
        .map((x) =>
          t('store.checkout.fieldProblem', {
            field: t(`store.checkout.field.${x.field}` as MessageId),
            problem: x.problem,
          }),
        )
        .join(' · ')
    : (e as Error).message;
}

/** A new address: postal, or in Canada a legal land location (quarter-section-township-range-meridian). */
function AddressForm({
  country,
  addressType,
  onSaved,
  onCancel,
}: {
  country: string;
  addressType: 'shipping_address' | 'default_billing_address';
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [format, setFormat] = useState<'postal' | 'can_lll'>('postal');
  const [f, setF] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = (name: string, span: number, opts: { type?: string; select?: readonly string[] } = {}) => (
    <TextField
      size="small"
      select={Boolean(opts.select)}
      label={t(`store.checkout.field.${name}` as MessageId)}
      type={opts.type ?? 'text'}
      value={f[name] ?? ''}
      onChange={(e) => setF({ ...f, [name]: e.target.value })}
      sx={{ gridColumn: { xs: span <= 2 ? 'span 3' : 'span 6', sm: `span ${span}` } }}
    >
      {opts.select?.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
  const save = async () => {
    setSaving(true);
    try {
      const num = (k: string) => (f[k] ? Number(f[k]) : null);
      const body =
        format === 'postal'
          ? {
              addressType,
              format,
              name: f.name ?? '',
              line1: f.line1 ?? '',
              city: f.city ?? '',
              region: f.region ?? '',
              postalCode: f.postalCode ?? '',
              country,
            }
          : {
              addressType,
              format,
              name: f.name ?? '',
              region: f.region ?? '',
              country: 'CAN',
              lllQuarter: f.lllQuarter ?? null,
              lllSection: num('lllSection'),
              lllTownship: num('lllTownship'),
              lllRange: num('lllRange'),
              lllMeridian: f.lllMeridian ?? null,
            };
      const a = await checkoutApi.addAddress(body);
      onSaved(a.id);
    } catch (e) {
      setProblem(fieldProblems(t, e));
      setSaving(false);
    }
  };
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0, bgcolor: 'background.default' }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, px: 0.5 }}>
        <T
          id={
            addressType === 'shipping_address'
              ? 'store.checkout.newDeliveryAddress'
              : 'store.checkout.newBillingAddress'
          }
        />
      </Typography>
      {country === 'CAN' && addressType === 'shipping_address' ? (
        <RadioGroup
          row
          value={format}
          onChange={(e) => setFormat(e.target.value as 'postal' | 'can_lll')}
          aria-label={t('store.checkout.addressFormat')}
          sx={{ mb: 1 }}
        >
          <FormControlLabel value="postal" control={<Radio size="small" />} label={t('store.checkout.format.postal')} />
          <FormControlLabel
            value="can_lll"
            control={<Radio size="small" />}
            label={t('store.checkout.format.can_lll')}
          />
        </RadioGroup>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 1.5 }}>
        {field('name', 6)}
        {format === 'postal' ? (
          <>
            {field('line1', 6)}
            {field('city', 3)}
            {field('region', 1)}
            {field('postalCode', 2)}
          </>
        ) : (
          <>
            {field('lllQuarter', 2, { select: ['NE', 'NW', 'SE', 'SW'] })}
            {field('lllSection', 2, { type: 'number' })}
            {field('lllTownship', 2, { type: 'number' })}
            {field('lllRange', 2, { type: 'number' })}
            {field('lllMeridian', 2, { select: ['W1', 'W2', 'W3', 'W4', 'W5', 'W6'] })}
            {field('region', 2, { select: ['AB', 'SK', 'MB', 'BC'] })}
          </>
        )}
      </Box>
      {format === 'can_lll' ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          <T id="store.checkout.lllHint" />
        </Typography>
      ) : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" size="small" disabled={saving} onClick={() => void save()}>
          <T id="store.checkout.saveAddress" />
        </Button>
        <Button size="small" onClick={onCancel}>
          <T id="store.checkout.cancel" />
        </Button>
      </Stack>
    </Box>
  );
}

function ContactForm({
  country,
  onSaved,
  onCancel,
}: {
  country: string;
  onSaved: (id: number) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const [f, setF] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const spans: [string, number, string][] = [
    ['firstName', 3, 'text'],
    ['lastName', 3, 'text'],
    ['email', 3, 'email'],
    ['phone', 2, 'tel'],
    ['aal1', 1, 'text'],
  ];
  const save = async () => {
    try {
      const c = await checkoutApi.addContact({
        firstName: f.firstName ?? '',
        lastName: f.lastName ?? '',
        email: f.email ?? '',
        phoneNumber: f.phone ?? '',
        country,
        aal1: f.aal1 ?? '',
      });
      onSaved(c.id);
    } catch (e) {
      setProblem(fieldProblems(t, e));
    }
  };
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0, bgcolor: 'background.default' }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, px: 0.5 }}>
        <T id="store.checkout.newContact" />
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 1.5 }}>
        {spans.map(([n, span, type]) => (
          <TextField
            key={n}
            size="small"
            type={type}
            label={t(`store.checkout.field.${n}` as MessageId)}
            value={f[n] ?? ''}
            onChange={(e) => setF({ ...f, [n]: e.target.value })}
            sx={{ gridColumn: { xs: n === 'aal1' || n === 'phone' ? 'span 3' : 'span 6', sm: `span ${span}` } }}
          />
        ))}
      </Box>
      {problem ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button size="small" variant="contained" onClick={() => void save()}>
          <T id="store.checkout.saveContact" />
        </Button>
        {onCancel ? (
          <Button size="small" onClick={onCancel}>
            <T id="store.checkout.cancel" />
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

/** A choice drawn as a card (pickup / delivery). */
function MethodOption({ value, icon, title, hint }: { value: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio size="small" />}
      sx={{
        m: 0,
        flex: 1,
        minWidth: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        px: 1,
        py: 1,
        alignItems: 'center',
        '&:has(input:checked)': { borderColor: 'primary.main', bgcolor: 'action.hover' },
      }}
      label={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
          <Box>
            <Typography sx={{ fontWeight: 600, lineHeight: 1.2 }}>{title}</Typography>
            <Typography variant="caption" color="text.secondary">
              {hint}
            </Typography>
          </Box>
        </Stack>
      }
    />
  );
}

function PartitionCard({
  view,
  p,
  index,
  write,
}: {
  view: CheckoutView;
  p: CheckoutPartition;
  index: number;
  write: Write;
}) {
  const t = useT();
  const sellerName = useSellerName();
  const [adding, setAdding] = useState(false);
  const [addingContact, setAddingContact] = useState(false);
  const send = (body: Record<string, unknown>) => write(`partitions/${p.key}`, body);
  const delivery = p.shippingMethod === 'delivery';
  return (
    <Box
      component="section"
      aria-label={t('store.checkout.shipment', { n: index + 1, seller: sellerName(p.seller) })}
      sx={{ '& + &': { borderTop: 1, borderColor: 'divider', pt: 2.5, mt: 2.5 } }}
      data-testid={`partition-${p.key}`}
    >
      <Typography sx={{ fontWeight: 700 }}>
        {t('store.checkout.shipment', { n: index + 1, seller: sellerName(p.seller) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('store.checkout.shipsFrom', {
          warehouse: `${p.warehouse.name}, ${p.warehouse.city} ${p.warehouse.region}`,
          count: p.lines.reduce((n, l) => n + l.quantity, 0),
        })}
      </Typography>
      <RadioGroup
        value={p.shippingMethod ?? ''}
        onChange={(e) => void send({ shippingMethod: e.target.value })}
        aria-label={t('store.checkout.methodOf', { n: index + 1 })}
        sx={{ flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 1, sm: 1.5 }, flexWrap: 'nowrap' }}
      >
        <MethodOption
          value="pickup"
          icon={<StorefrontOutlinedIcon />}
          title={t('store.checkout.method.pickup')}
          hint={t('store.checkout.pickupHint')}
        />
        <MethodOption
          value="delivery"
          icon={<LocalShippingOutlinedIcon />}
          title={t('store.checkout.method.delivery')}
          hint={
            p.shippingMethod === 'delivery'
              ? money(p.shippingTotal, view.cart.currency)
              : t('store.checkout.deliveryHint')
          }
        />
      </RadioGroup>
      {p.shownShippingMethod === 'external_delivery' ? (
        <Chip size="small" sx={{ mt: 1 }} label={t('store.checkout.method.external_delivery')} />
      ) : null}
      {p.shippingMethod === 'pickup' ? (
        <TextField
          select
          fullWidth
          size="small"
          label={t('store.checkout.pickupAt')}
          value={p.pickupWarehouseId ?? ''}
          onChange={(e) => void send({ pickupWarehouseId: Number(e.target.value) })}
          sx={{ mt: 2 }}
        >
          {view.pickupWarehouses.map((w) => (
            <MenuItem key={w.id} value={w.id}>{`${w.name} — ${w.addressLine1}, ${w.city} ${w.region}`}</MenuItem>
          ))}
        </TextField>
      ) : null}
      {delivery ? (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {view.addresses.some((a) => a.addressType === 'shipping_address' || a.format === 'can_lll') ||
          view.addresses.length > 0 ? (
            <TextField
              select
              fullWidth
              size="small"
              label={t('store.checkout.deliverTo')}
              value={p.deliveryAddressId ?? ''}
              onChange={(e) => void send({ deliveryAddressId: Number(e.target.value) })}
            >
              {view.addresses.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {addressText(a)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {adding ? (
            <AddressForm
              country={view.cart.country}
              addressType="shipping_address"
              onCancel={() => setAdding(false)}
              onSaved={(id) => {
                setAdding(false);
                void send({ deliveryAddressId: id });
              }}
            />
          ) : (
            <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
              <T id="store.checkout.addAddress" />
            </Button>
          )}
          {view.deliveryContacts.length > 0 ? (
            <TextField
              select
              fullWidth
              size="small"
              label={t('store.checkout.contact')}
              value={p.deliveryContactId ?? ''}
              onChange={(e) => void send({ deliveryContactId: Number(e.target.value) })}
            >
              {view.deliveryContacts.map((c) => (
                <MenuItem key={c.id} value={c.id}>{`${c.firstName} ${c.lastName} · ${c.phoneNumber}`}</MenuItem>
              ))}
            </TextField>
          ) : null}
          {view.deliveryContacts.length === 0 || addingContact ? (
            <ContactForm
              country={view.cart.country}
              onCancel={view.deliveryContacts.length > 0 ? () => setAddingContact(false) : undefined}
              onSaved={(id) => {
                setAddingContact(false);
                void send({ deliveryContactId: id });
              }}
            />
          ) : (
            <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setAddingContact(true)}>
              <T id="store.checkout.addContact" />
            </Button>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              size="small"
              label={t('store.checkout.timing')}
              value={p.fulfillmentPromise ?? ''}
              onChange={(e) => void send({ fulfillmentPromise: e.target.value })}
            >
              {(['immediate_no_promise', 'immediate_promise', 'future_shipment_groups'] as const)
                .filter((x) => x !== 'immediate_promise' || p.promiseAvailable)
                .map((x) => (
                  <MenuItem key={x} value={x}>
                    {t(`store.checkout.timing.${x}` as MessageId)}
                  </MenuItem>
                ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('store.checkout.applicationTiming')}
              value={p.applicationTiming ?? ''}
              onChange={(e) => void send({ applicationTiming: e.target.value })}
            >
              {(['pre_plant', 'in_crop', 'other'] as const).map((x) => (
                <MenuItem key={x} value={x}>
                  {t(`store.checkout.application.${x}` as MessageId)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {p.fulfillmentPromise === 'future_shipment_groups' ? <DateRange view={view} p={p} send={send} /> : null}
          <TextField
            size="small"
            fullWidth
            label={t('store.checkout.instructions')}
            defaultValue={p.orderSpecialInstructions}
            onBlur={(e) =>
              e.target.value !== p.orderSpecialInstructions && void send({ orderSpecialInstructions: e.target.value })
            }
          />
        </Stack>
      ) : null}
    </Box>
  );
}

function DateRange({
  view,
  p,
  send,
}: {
  view: CheckoutView;
  p: CheckoutPartition;
  send: (b: Record<string, unknown>) => Promise<void>;
}) {
  const t = useT();
  const [from, setFrom] = useState(p.deliveryNotBefore ?? '');
  const [to, setTo] = useState(p.deliveryNotAfter ?? '');
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        size="small"
        type="date"
        label={t('store.checkout.notBefore')}
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.today, max: view.latestFutureDeliveryDate } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('store.checkout.notAfter')}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.today, max: view.latestFutureDeliveryDate } }}
      />
      <Button
        size="small"
        variant="outlined"
        disabled={!from || !to}
        onClick={() =>
          void send({ fulfillmentPromise: 'future_shipment_groups', deliveryNotBefore: from, deliveryNotAfter: to })
        }
      >
        <T id="store.checkout.saveDates" />
      </Button>
    </Stack>
  );
}

function CodeField({
  label,
  value,
  onApply,
}: {
  label: string;
  value: string | null;
  onApply: (v: string | null) => void;
}) {
  const t = useT();
  const [code, setCode] = useState(value ?? '');
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
      <TextField size="small" label={label} value={code} onChange={(e) => setCode(e.target.value)} sx={{ flex: 1 }} />
      <Button
        size="small"
        variant="outlined"
        aria-label={t('store.checkout.applyCode', { what: label })}
        onClick={() => onApply(code.trim() || null)}
      >
        <T id="store.checkout.apply" />
      </Button>
    </Stack>
  );
}

function LicenceForm({ onSaved }: { onSaved: (id: number) => void }) {
  const t = useT();
  const [f, setF] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const names: [string, string, number][] = [
    ['holderName', 'text', 6],
    ['licenceNumber', 'text', 6],
    ['jurisdiction', 'text', 6],
    ['expiresOn', 'date', 6],
  ];
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0, bgcolor: 'background.default' }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, px: 0.5 }}>
        <T id="store.checkout.newLicence" />
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        {names.map(([n, type]) => (
          <TextField
            key={n}
            size="small"
            type={type}
            label={t(`store.checkout.${n}` as MessageId)}
            value={f[n] ?? ''}
            onChange={(e) => setF({ ...f, [n]: e.target.value })}
            slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}}
          />
        ))}
      </Box>
      {problem ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      ) : null}
      <Button
        size="small"
        sx={{ mt: 2 }}
        variant="contained"
        onClick={async () => {
          try {
            onSaved(
              (
                await checkoutApi.addLicence({
                  holderName: f.holderName ?? '',
                  licenceNumber: f.licenceNumber ?? '',
                  jurisdiction: f.jurisdiction ?? '',
                  expiresOn: f.expiresOn ?? '',
                })
              ).id,
            );
          } catch (e) {
            setProblem(fieldProblems(t, e));
          }
        }}
      >
        <T id="store.checkout.addLicence" />
      </Button>
    </Box>
  );
}

/** The built-in test card provider's form: looks like a card form, takes a test card's token, never a card number. */
function TestCardForm({
  view,
  token,
  onChoose,
}: {
  view: CheckoutView;
  token: string;
  onChoose: (token: string) => void;
}) {
  const t = useT();
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, mt: 1, mb: 1, bgcolor: 'background.default' }}
      role="group"
      aria-label={t('store.checkout.card.title')}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <CreditCardRoundedIcon color="action" />
        <Typography sx={{ fontWeight: 700, flex: 1 }}>
          <T id="store.checkout.card.title" />
        </Typography>
        {view.cardProvider === 'test' ? (
          <Chip size="small" color="info" label={t('store.checkout.card.testBadge')} />
        ) : null}
      </Stack>
      {view.cardProvider === 'test' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          <T id="store.checkout.card.testHint" />
        </Typography>
      ) : null}
      <RadioGroup
        value={token}
        onChange={(e) => onChoose(e.target.value)}
        aria-label={t('store.checkout.card.choose')}
        sx={{ gap: 1 }}
      >
        {TEST_CARDS.map((c) => (
          <FormControlLabel
            key={c.token}
            value={c.token}
            control={<Radio size="small" />}
            sx={{
              m: 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1.5,
              px: 1,
              py: 0.5,
              bgcolor: 'background.paper',
              '&:has(input:checked)': { borderColor: 'primary.main' },
            }}
            label={
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Box sx={{ fontFamily: 'monospace', letterSpacing: 1, whiteSpace: 'nowrap' }}>
                  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                    {'•••• •••• '}
                  </Box>
                  {`•••• ${c.last4}`}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {t(`store.checkout.card.${c.outcome}` as MessageId, { brand: c.brand })}
                </Typography>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}

function termLabel(t: ReturnType<typeof useT>, term: PaymentTerm, brand: string): string {
  return t(`store.checkout.term.${term.replace(/[{}]/g, '')}` as MessageId, { brand });
}

/** The checkout of a cart: numbered steps on the left, the order summary (sticky on a desktop) with the one primary action. */
function CheckoutBody({ cartId, buyNow = false }: { cartId?: string; buyNow?: boolean }) {
  const t = useT();
  const partner = usePartner();
  const navigate = useNavigate();
  const cart = useCart();
  const [view, setView] = useState<CheckoutView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ card: CheckoutSection | 'page'; error: SectionError }[]>([]);
  const [placing, setPlacing] = useState(false);
  const [cardToken, setCardToken] = useState<string>(TEST_CARDS[0].token);
  const [addingBilling, setAddingBilling] = useState(false);
  const [allFinancing, setAllFinancing] = useState(false);
  const [attempted, setAttempted] = useState(false);

  // After a refused place, bring the section that says why into view (the button is far from it on a phone).
  useEffect(() => {
    const first = errors[0];
    if (!first) return;
    const target = first.card === 'page' ? null : document.getElementById(`checkout-${first.card}`);
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [errors]);

  useEffect(() => {
    checkoutApi.view(cartId).then(setView, (e: Error) => {
      if (isApiError(e) && e.code === 'cart_already_checked_out')
        navigate(
          `/direct/${buyNow ? 'buy-now' : 'order'}-confirmation/${String(checkoutDetails(e)['cartId'] ?? cartId)}`,
        );
      else setLoadError(e.message);
    });
  }, [cartId, buyNow, navigate]);

  if (loadError) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', maxWidth: 560, mx: 'auto', borderRadius: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
          <T id="store.checkout.title" />
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {loadError}
        </Typography>
        <Button component={RouterLink} to="/direct" variant="contained">
          <T id="store.confirmation.continue" />
        </Button>
      </Paper>
    );
  }
  if (!view)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} role="status">
        <CircularProgress aria-label={t('store.checkout.loading')} />
      </Box>
    );

  const fail = (e: unknown) => {
    if (!isApiError(e)) throw e;
    const current = checkoutDetails(e)['cart'];
    if (e.code === 'cart_conflict' && current) setView(current as CheckoutView);
    setErrors([placeOfError(e)]);
  };
  const write: Write = async (path, body) => {
    try {
      const next = await checkoutApi.write(path, { cartId: view.cart.id, serial: view.cart.serial, ...body });
      setView((cur) => (cur && next.cart.serial < cur.cart.serial ? cur : next));
      setErrors([]);
    } catch (e) {
      fail(e);
    }
  };
  const confirmationPath = (id: string) =>
    `/direct/${view.cart.kind === 'buy_now' ? 'buy-now' : 'order'}-confirmation/${id}`;
  const place = async () => {
    setPlacing(true);
    setAttempted(true);
    try {
      const order = await checkoutApi.place({
        cartId: view.cart.id,
        serial: view.cart.serial,
        expectedTotal: view.totals.total,
      });
      await cart.refresh().catch(() => undefined);
      navigate(confirmationPath(order.cartId));
    } catch (e) {
      if (isApiError(e) && e.code === 'cart_already_checked_out') {
        navigate(confirmationPath(view.cart.id));
        return;
      }
      fail(e);
      setPlacing(false);
    }
  };

  // What is still missing in the form (shipping, timing, billing, a licence) is said once the buyer tries to place, not while they fill
  // it in; problems they cannot see otherwise (changed prices, a refused code) are said at once.
  const live: SectionError[] = view.errors
    .filter(
      (e) =>
        attempted ||
        !(['shipping', 'delivery', 'payment', 'ineligible_items'] as CartErrorSection[]).includes(e.section),
    )
    .map((e) => ({ section: e.section, message: e.message, partitionKey: e.partitionKey }));
  const errorsOf = (card: CheckoutSection | 'page') => [
    ...errors.filter((e) => e.card === card).map((e) => e.error),
    ...live.filter(
      (e) => CHECKOUT_SECTION_OF_ERROR[e.section] === card && !errors.some((x) => x.error.section === e.section),
    ),
  ];
  const surcharge = Object.values(view.paymentMethodSurcharges)[0];
  const cardTerm = view.cart.paymentTerms === '{card_provider}_credit_card';
  const needsAdjustment = [...errors.map((e) => e.error), ...live].some((e) => e.section === 'items_need_adjustment');
  const brand = partner.branding.shortName;
  const billing = view.addresses.filter((a) => a.format === 'postal');
  const lines = view.partitions.flatMap((p) => p.lines);
  // The financing group is long (9.3): its first terms, the rest behind one button (unless one of them is chosen).
  const shownTerms = (g: CheckoutView['paymentTermGroups'][number]) =>
    g.group !== 'financing' ||
    allFinancing ||
    g.terms.slice(FINANCING_SHOWN).some((x) => x.term === view.cart.paymentTerms)
      ? g.terms
      : g.terms.slice(0, FINANCING_SHOWN);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: { xs: 2, md: 3 }, flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, flex: 1, fontSize: { xs: 28, md: 34 } }}>
          <T id={buyNow ? 'store.checkout.buyNowTitle' : 'store.checkout.title'} />
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={view.cart.express}
              onChange={(e) => void write('express', { express: e.target.checked })}
            />
          }
          label={t('store.checkout.express')}
        />
      </Stack>
      {errorsOf('page').map((e, i) => (
        <Alert key={i} severity="warning" sx={{ mb: 2 }} data-section={e.section}>
          {e.section === 'startOverCheckout' ? t('store.checkout.startOver') : e.message}
        </Alert>
      ))}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 0, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <SectionCard id="shipping" step={1} view={view} errors={errorsOf('shipping')}>
            {view.partitions.map((p, i) => (
              <PartitionCard key={`${p.key}-${view.cart.serial}`} view={view} p={p} index={i} write={write} />
            ))}
          </SectionCard>
          <SectionCard id="payment" step={2} view={view} errors={errorsOf('payment')}>
            <RadioGroup
              aria-label={t('store.checkout.paymentTerms')}
              value={view.cart.paymentTerms ?? ''}
              onChange={(e) =>
                void write('payment', {
                  paymentTerms: e.target.value,
                  ...(e.target.value === '{card_provider}_credit_card' ? { cardToken } : {}),
                })
              }
            >
              {view.paymentTermGroups.map((g) => (
                <Box key={g.group} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
                  <Typography
                    component="legend"
                    variant="overline"
                    color="text.secondary"
                    sx={{ fontWeight: 700, lineHeight: 2 }}
                  >
                    <T id={`store.checkout.group.${g.group}` as MessageId} />
                  </Typography>
                  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
                    {shownTerms(g).map((x) => (
                      <FormControlLabel
                        key={x.term}
                        value={x.term}
                        control={<Radio size="small" />}
                        label={
                          x.term === '{card_provider}_credit_card' && surcharge ? (
                            <span>
                              {termLabel(t, x.term, brand)}{' '}
                              <Typography component="span" variant="body2" color="text.secondary">
                                {t('store.checkout.surchargeShort', { pct: surcharge.effectivePct })}
                              </Typography>
                            </span>
                          ) : (
                            termLabel(t, x.term, brand)
                          )
                        }
                      />
                    ))}
                  </Box>
                  {shownTerms(g).length < g.terms.length ? (
                    <Button size="small" onClick={() => setAllFinancing(true)}>
                      {t('store.checkout.moreFinancing', { count: g.terms.length - shownTerms(g).length })}
                    </Button>
                  ) : null}
                  {g.group === 'card' && surcharge ? (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {t('store.checkout.surcharge', {
                        pct: surcharge.effectivePct,
                        amount: money(surcharge.amount, view.cart.currency),
                      })}
                    </Typography>
                  ) : null}
                </Box>
              ))}
            </RadioGroup>
            {cardTerm ? (
              <TestCardForm
                view={view}
                token={cardToken}
                onChoose={(token) => {
                  setCardToken(token);
                  void write('payment', { paymentTerms: view.cart.paymentTerms, cardToken: token });
                }}
              />
            ) : null}
            <Divider sx={{ my: 2 }} />
            {billing.length > 0 ? (
              <TextField
                select
                fullWidth
                size="small"
                label={t('store.checkout.billingAddress')}
                value={view.cart.billingAddressId ?? ''}
                onChange={(e) => void write('billing-address', { billingAddressId: Number(e.target.value) })}
              >
                {billing.map((a) => (
                  <MenuItem key={a.id} value={a.id}>
                    {addressText(a)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Typography variant="body2" color="text.secondary">
                <T id="store.checkout.noBilling" />
              </Typography>
            )}
            {addingBilling ? (
              <Box sx={{ mt: 2 }}>
                <AddressForm
                  country={view.cart.country}
                  addressType="default_billing_address"
                  onCancel={() => setAddingBilling(false)}
                  onSaved={(id) => {
                    setAddingBilling(false);
                    void write('billing-address', { billingAddressId: id });
                  }}
                />
              </Box>
            ) : (
              <Button size="small" sx={{ mt: 1 }} onClick={() => setAddingBilling(true)}>
                <T id="store.checkout.addBillingAddress" />
              </Button>
            )}
          </SectionCard>
          <SectionCard id="otherInfo" step={3} view={view} errors={errorsOf('otherInfo')}>
            {view.rupRequired ? (
              <Box sx={{ mb: 2 }}>
                {errorsOf('otherInfo').length === 0 ? (
                  <Alert severity={view.sections.otherInfo.filled ? 'success' : 'info'} sx={{ mb: 2 }}>
                    <T id={view.sections.otherInfo.filled ? 'store.checkout.rupOnFile' : 'store.checkout.rup'} />
                  </Alert>
                ) : null}
                {view.licences.length > 0 ? (
                  <TextField
                    select
                    fullWidth
                    size="small"
                    label={t('store.checkout.rupHolder')}
                    value={view.cart.rupHolderId ?? ''}
                    onChange={(e) => void write('rup-holder', { rupHolderId: Number(e.target.value) })}
                    sx={{ mb: 2 }}
                  >
                    {view.licences.map((l) => (
                      <MenuItem
                        key={l.id}
                        value={l.id}
                        disabled={!l.valid}
                      >{`${l.holderName} · ${l.licenceNumber} (${l.jurisdiction}, ${l.expiresOn})`}</MenuItem>
                    ))}
                  </TextField>
                ) : null}
                {view.cart.rupHolderId === null ? (
                  <LicenceForm onSaved={(id) => void write('rup-holder', { rupHolderId: id })} />
                ) : null}
              </Box>
            ) : null}
            <TextField
              fullWidth
              multiline
              minRows={2}
              size="small"
              label={t('store.checkout.notes')}
              defaultValue={view.cart.notes}
              onBlur={(e) => e.target.value !== view.cart.notes && void write('notes', { notes: e.target.value })}
            />
          </SectionCard>
        </Box>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 80 }, minWidth: 0 }}>
          <Paper
            component="section"
            aria-labelledby="checkout-summary"
            variant="outlined"
            sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, bgcolor: { md: 'background.default' } }}
          >
            <Typography id="checkout-summary" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
              <T id="store.checkout.section.summary" />
            </Typography>
            <Box component="ul" aria-label={t('store.checkout.items')} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
              {lines.map((l) => (
                <Box component="li" key={l.itemId} sx={{ display: 'flex', gap: 1.5, py: 1, alignItems: 'center' }}>
                  <Box sx={{ position: 'relative', flex: 'none' }}>
                    {l.imageUrl ? (
                      <Box
                        component="img"
                        src={l.imageUrl}
                        alt=""
                        sx={{
                          width: 48,
                          height: 48,
                          objectFit: 'contain',
                          borderRadius: 1,
                          border: 1,
                          borderColor: 'divider',
                          bgcolor: 'background.paper',
                        }}
                      />
                    ) : (
                      <Box sx={{ width: 48, height: 48, borderRadius: 1, border: 1, borderColor: 'divider' }} />
                    )}
                    <Box
                      aria-hidden
                      sx={{
                        position: 'absolute',
                        top: -6,
                        right: -6,
                        minWidth: 20,
                        height: 20,
                        px: 0.5,
                        borderRadius: 10,
                        bgcolor: 'text.secondary',
                        color: 'background.paper',
                        fontSize: 12,
                        fontWeight: 700,
                        display: 'grid',
                        placeItems: 'center',
                      }}
                    >
                      {l.quantity}
                    </Box>
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                      {l.productName}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('store.checkout.lineDetail', { quantity: l.quantity, label: l.variantLabel })}
                      {l.restrictedUse ? ` · ${t('store.checkout.rupShort')}` : ''}
                    </Typography>
                    {l.currentPrice !== l.unitPrice || l.available < l.quantity ? (
                      <Typography variant="caption" color="warning.dark" sx={{ display: 'block', fontWeight: 600 }}>
                        {l.currentPrice === null
                          ? t('store.checkout.lineGone')
                          : l.currentPrice !== l.unitPrice
                            ? t('store.checkout.lineNowPrice', {
                                was: money(l.unitPrice, view.cart.currency),
                                now: money(l.currentPrice, view.cart.currency),
                              })
                            : t('store.checkout.lineOnlyAvailable', { available: l.available })}
                      </Typography>
                    ) : null}
                  </Box>
                  <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {money(l.lineTotal, view.cart.currency)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {errorsOf('summary').map((e, i) => (
              <Alert key={i} severity="error" sx={{ mb: 1.5 }} data-section={e.section}>
                {e.message}
              </Alert>
            ))}
            {needsAdjustment ? (
              <Button fullWidth variant="outlined" sx={{ mb: 1.5 }} onClick={() => void write('reprice', {})}>
                <T id="store.checkout.reprice" />
              </Button>
            ) : null}
            <Divider />
            <Box sx={{ py: 1 }}>
              {(
                [
                  'goodsSubtotal',
                  'discountTotal',
                  'shippingTotal',
                  'shippingDiscountTotal',
                  'taxTotal',
                  'paymentFeeTotal',
                ] as const
              )
                .filter(
                  (k) =>
                    k === 'goodsSubtotal' || k === 'shippingTotal' || k === 'taxTotal' || view.totals[k] !== '0.00',
                )
                .map((k) => (
                  <Stack key={k} direction="row" sx={{ justifyContent: 'space-between', py: 0.35 }}>
                    <Typography variant="body2" color="text.secondary">
                      <T id={`store.checkout.total.${k}` as MessageId} />
                    </Typography>
                    <Typography
                      variant="body2"
                      data-testid={`total-${k}`}
                      color={k === 'discountTotal' || k === 'shippingDiscountTotal' ? 'success.main' : 'text.primary'}
                    >
                      {(k === 'discountTotal' || k === 'shippingDiscountTotal') && view.totals[k] !== '0.00' ? '−' : ''}
                      {money(view.totals[k], view.cart.currency)}
                    </Typography>
                  </Stack>
                ))}
              {view.discounts.map((d) => (
                <Typography
                  key={d.name}
                  variant="caption"
                  color="success.main"
                  sx={{ display: 'block' }}
                >{`${d.name} −${money(d.amount, view.cart.currency)}`}</Typography>
              ))}
            </Box>
            <Divider />
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', pt: 1.5, pb: 2 }}>
              <Typography sx={{ fontWeight: 700 }}>
                <T id="store.checkout.total.total" />
              </Typography>
              <Typography sx={{ fontWeight: 800, fontSize: 22 }} data-testid="total-total">
                {money(view.totals.total, view.cart.currency)}
              </Typography>
            </Stack>
            <Button
              fullWidth
              variant="contained"
              size="large"
              sx={{ py: 1.4, fontSize: 16, fontWeight: 700 }}
              disabled={placing || view.partitions.length === 0}
              onClick={() => void place()}
            >
              {placing ? <T id="store.checkout.placing" /> : <T id="store.checkout.place" />}
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1, textAlign: 'center' }}>
              <T id="store.checkout.placeHint" />
            </Typography>
            <Divider sx={{ my: 2 }} />
            <CodeField
              label={t('store.checkout.promoCode')}
              value={view.cart.promoCode}
              onApply={(v) => void write('promo-code', { promoCode: v })}
            />
            <CodeField
              label={t('store.checkout.referralCode')}
              value={view.cart.referralCode}
              onApply={(v) => void write('referral-code', { referralCode: v })}
            />
            {view.ownReferralCode ? (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {t('store.checkout.ownReferral', { code: view.ownReferralCode })}
              </Typography>
            ) : null}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}

export function CheckoutPage() {
  const [params] = useSearchParams();
  return (
    <StorePage>
      <CheckoutBody cartId={params.get('cartId') ?? undefined} />
    </StorePage>
  );
}

/** /direct/carts/buy-now?cartId=… (or ?variantId=&quantity= to start one). */
export function BuyNowPage() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cartId = params.get('cartId');
  const variantId = params.get('variantId');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (cartId || !variantId) return;
    checkoutApi.buyNow({ variantId, quantity: Math.max(1, Number(params.get('quantity') ?? '1') || 1) }).then(
      (r) => navigate(`/direct/carts/buy-now?cartId=${r.cartId}`, { replace: true }),
      (e: Error) => setError(e.message),
    );
  }, [cartId, variantId, params, navigate]);
  return (
    <StorePage>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : cartId ? (
        <CheckoutBody cartId={cartId} buyNow />
      ) : (
        <CircularProgress aria-label={t('store.checkout.loading')} />
      )}
    </StorePage>
  );
}
