import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
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
import { useNavigate, useSearchParams } from 'react-router';
import {
  CHECKOUT_SECTION_OF_ERROR,
  errorSection,
  type CheckoutPartition,
  type CheckoutSection,
  type CheckoutView,
  type CartErrorSection,
} from '@granary/domain';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { StorePage } from '../components/store-frame';
import { useCart } from '../cart/cart-context';
import { checkoutApi, CheckoutError } from './checkout-api';

export type SectionError = { section: CartErrorSection; message: string; partitionKey?: string | null };

/** Where a refused call's error shows: its cart error section, then the checkout card of that section ('page' on top). */
export function placeOfError(e: CheckoutError): { card: CheckoutSection | 'page'; error: SectionError } {
  const section = errorSection(e.code ?? '', (e.details?.section as string | undefined) ?? null) ?? 'startOverCheckout';
  const message = e.code === 'payment_failed' ? 'Your payment failed. Please try again with a different payment method.' : e.message;
  return { card: CHECKOUT_SECTION_OF_ERROR[section], error: { section, message, partitionKey: (e.details?.partitionKey as string | undefined) ?? null } };
}

const money = (amount: string, currency: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency === 'USD' ? '' : ` ${currency}`}`;

function SectionCard({ id, view, errors, children }: { id: CheckoutSection; view: CheckoutView; errors: SectionError[]; children: ReactNode }) {
  const state = view.sections[id];
  return (
    <Paper component="section" aria-labelledby={`checkout-${id}`} variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={`checkout-${id}`} component="h2" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>
          <T id={`store.checkout.section.${id}` as MessageId} />
        </Typography>
        {state.required ? <Chip size="small" label={<T id="store.checkout.required" />} /> : null}
        <Chip size="small" color={state.filled ? 'success' : 'default'} variant={state.filled ? 'filled' : 'outlined'} label={<T id={state.filled ? 'store.checkout.filled' : 'store.checkout.todo'} />} data-testid={`section-${id}-state`} />
      </Stack>
      {errors.map((e, i) => (
        <Alert key={i} severity="error" sx={{ mb: 1.5 }} data-section={e.section}>
          {e.message}
        </Alert>
      ))}
      {children}
    </Paper>
  );
}

type Write = (path: string, body: Record<string, unknown>) => Promise<void>;

function AddressForm({ country, onSaved, onCancel }: { country: string; onSaved: (id: number) => void; onCancel: () => void }) {
  const t = useT();
  const [format, setFormat] = useState<'postal' | 'can_lll'>('postal');
  const [f, setF] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const field = (name: string, type = 'text') => (
    <TextField size="small" label={t(`store.checkout.field.${name}` as MessageId)} type={type} value={f[name] ?? ''} onChange={(e) => setF({ ...f, [name]: e.target.value })} sx={{ minWidth: 120, flex: 1 }} />
  );
  const save = async () => {
    try {
      const num = (k: string) => (f[k] ? Number(f[k]) : null);
      const body =
        format === 'postal'
          ? { addressType: 'shipping_address', format, name: f.name ?? '', line1: f.line1 ?? '', city: f.city ?? '', region: f.region ?? '', postalCode: f.postalCode ?? '', country }
          : { addressType: 'shipping_address', format, name: f.name ?? '', region: f.region ?? '', country: 'CAN', lllQuarter: f.lllQuarter ?? null, lllSection: num('lllSection'), lllTownship: num('lllTownship'), lllRange: num('lllRange'), lllMeridian: f.lllMeridian ?? null };
      const a = await checkoutApi.addAddress(body);
      onSaved(a.id);
    } catch (e) {
      const fields = ((e as CheckoutError).details?.fields as { field: string; problem: string }[] | undefined) ?? [];
      setProblem(fields.length ? fields.map((x) => t('store.checkout.fieldProblem', { field: t(`store.checkout.field.${x.field}` as MessageId), problem: x.problem })).join(' · ') : (e as Error).message);
    }
  };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1 }}>
      {country === 'CAN' ? (
        <RadioGroup row value={format} onChange={(e) => setFormat(e.target.value as 'postal' | 'can_lll')}>
          <FormControlLabel value="postal" control={<Radio size="small" />} label={t('store.checkout.format.postal')} />
          <FormControlLabel value="can_lll" control={<Radio size="small" />} label={t('store.checkout.format.can_lll')} />
        </RadioGroup>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {field('name')}
        {format === 'postal' ? (
          <>
            {field('line1')}
            {field('city')}
            {field('region')}
            {field('postalCode')}
          </>
        ) : (
          <>
            {field('lllQuarter')}
            {field('lllSection', 'number')}
            {field('lllTownship', 'number')}
            {field('lllRange', 'number')}
            {field('lllMeridian')}
            {field('region')}
          </>
        )}
      </Stack>
      {problem ? <Alert severity="error" sx={{ mt: 1 }}>{problem}</Alert> : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="contained" size="small" onClick={save}><T id="store.checkout.save" /></Button>
        <Button size="small" onClick={onCancel}><T id="store.checkout.cancel" /></Button>
      </Stack>
    </Box>
  );
}

function ContactForm({ country, onSaved }: { country: string; onSaved: (id: number) => void }) {
  const t = useT();
  const [f, setF] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const names = ['firstName', 'lastName', 'email', 'phone', 'aal1'];
  const save = async () => {
    try {
      const c = await checkoutApi.addContact({ firstName: f.firstName ?? '', lastName: f.lastName ?? '', email: f.email ?? '', phoneNumber: f.phone ?? '', country, aal1: f.aal1 ?? '' });
      onSaved(c.id);
    } catch (e) {
      const fields = ((e as CheckoutError).details?.fields as { field: string; problem: string }[] | undefined) ?? [];
      setProblem(fields.map((x) => t('store.checkout.fieldProblem', { field: t(`store.checkout.field.${x.field}` as MessageId), problem: x.problem })).join(' · ') || (e as Error).message);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {names.map((n) => (
          <TextField key={n} size="small" label={t(`store.checkout.field.${n}` as MessageId)} value={f[n] ?? ''} onChange={(e) => setF({ ...f, [n]: e.target.value })} sx={{ minWidth: 140, flex: 1 }} />
        ))}
      </Stack>
      {problem ? <Alert severity="error" sx={{ mt: 1 }}>{problem}</Alert> : null}
      <Button size="small" sx={{ mt: 1 }} variant="outlined" onClick={save}><T id="store.checkout.addContact" /></Button>
    </Box>
  );
}

function PartitionCard({ view, p, write }: { view: CheckoutView; p: CheckoutPartition; write: Write }) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const send = (body: Record<string, unknown>) => write(`partitions/${p.key}`, body);
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, mt: 1.5 }} data-testid={`partition-${p.key}`}>
      <Typography sx={{ fontWeight: 600 }}>{t('store.checkout.partition', { seller: p.seller.name, warehouse: p.warehouse.name })}</Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 0.5, color: 'text.secondary', fontSize: 14 }}>
        {p.lines.map((l) => (
          <li key={l.itemId}>{`${l.quantity} × ${l.productName} (${l.variantLabel}) — ${money(l.lineTotal, view.cart.currency)}`}</li>
        ))}
      </Box>
      <RadioGroup row value={p.shippingMethod ?? ''} onChange={(e) => void send({ shippingMethod: e.target.value })} aria-label={t('store.checkout.section.shipping')}>
        <FormControlLabel value="pickup" control={<Radio size="small" />} label={t('store.checkout.method.pickup')} />
        <FormControlLabel value="delivery" control={<Radio size="small" />} label={t('store.checkout.method.delivery')} />
      </RadioGroup>
      {p.shownShippingMethod === 'external_delivery' ? <Chip size="small" label={t('store.checkout.method.external_delivery')} /> : null}
      {p.shippingMethod === 'pickup' ? (
        <TextField select size="small" label={t('store.checkout.pickupAt')} value={p.pickupWarehouseId ?? ''} onChange={(e) => void send({ pickupWarehouseId: Number(e.target.value) })} sx={{ minWidth: 260, mt: 1 }}>
          {view.pickupWarehouses.map((w) => (
            <MenuItem key={w.id} value={w.id}>{`${w.name}, ${w.city} ${w.region}`}</MenuItem>
          ))}
        </TextField>
      ) : null}
      {p.shippingMethod === 'delivery' ? (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <TextField select size="small" label={t('store.checkout.deliverTo')} value={p.deliveryAddressId ?? ''} onChange={(e) => void send({ deliveryAddressId: Number(e.target.value) })}>
            {view.addresses.map((a) => (
              <MenuItem key={a.id} value={a.id}>{a.format === 'can_lll' ? `${a.lllQuarter}-${a.lllSection}-${a.lllTownship}-${a.lllRange}-${a.lllMeridian} ${a.region}` : `${a.name ? `${a.name}, ` : ''}${a.line1}, ${a.city} ${a.region} ${a.postalCode}`}</MenuItem>
            ))}
          </TextField>
          {adding ? (
            <AddressForm country={view.cart.country} onCancel={() => setAdding(false)} onSaved={(id) => { setAdding(false); void send({ deliveryAddressId: id }); }} />
          ) : (
            <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}><T id="store.checkout.addAddress" /></Button>
          )}
          <TextField select size="small" label={t('store.checkout.contact')} value={p.deliveryContactId ?? ''} onChange={(e) => void send({ deliveryContactId: Number(e.target.value) })}>
            {view.deliveryContacts.map((c) => (
              <MenuItem key={c.id} value={c.id}>{`${c.firstName} ${c.lastName} · ${c.phoneNumber}`}</MenuItem>
            ))}
          </TextField>
          {view.deliveryContacts.length === 0 ? <ContactForm country={view.cart.country} onSaved={(id) => void send({ deliveryContactId: id })} /> : null}
          <TextField select size="small" label={t('store.checkout.timing')} value={p.fulfillmentPromise ?? ''} onChange={(e) => void send({ fulfillmentPromise: e.target.value })}>
            {(['immediate_no_promise', 'immediate_promise', 'future_shipment_groups'] as const)
              .filter((x) => x !== 'immediate_promise' || p.promiseAvailable)
              .map((x) => (
                <MenuItem key={x} value={x}>{t(`store.checkout.timing.${x}` as MessageId)}</MenuItem>
              ))}
          </TextField>
          {p.fulfillmentPromise === 'future_shipment_groups' ? <DateRange view={view} p={p} send={send} /> : null}
          <TextField select size="small" label={t('store.checkout.applicationTiming')} value={p.applicationTiming ?? ''} onChange={(e) => void send({ applicationTiming: e.target.value })}>
            {(['pre_plant', 'in_crop', 'other'] as const).map((x) => (
              <MenuItem key={x} value={x}>{t(`store.checkout.application.${x}` as MessageId)}</MenuItem>
            ))}
          </TextField>
          <TextField size="small" label={t('store.checkout.instructions')} defaultValue={p.orderSpecialInstructions} onBlur={(e) => e.target.value !== p.orderSpecialInstructions && void send({ orderSpecialInstructions: e.target.value })} />
        </Stack>
      ) : null}
    </Box>
  );
}

function DateRange({ view, p, send }: { view: CheckoutView; p: CheckoutPartition; send: (b: Record<string, unknown>) => Promise<void> }) {
  const t = useT();
  const [from, setFrom] = useState(p.deliveryNotBefore ?? '');
  const [to, setTo] = useState(p.deliveryNotAfter ?? '');
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <TextField size="small" type="date" label={t('store.checkout.notBefore')} value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.today, max: view.latestFutureDeliveryDate } }} />
      <TextField size="small" type="date" label={t('store.checkout.notAfter')} value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.today, max: view.latestFutureDeliveryDate } }} />
      <Button size="small" disabled={!from || !to} onClick={() => void send({ fulfillmentPromise: 'future_shipment_groups', deliveryNotBefore: from, deliveryNotAfter: to })}><T id="store.checkout.save" /></Button>
    </Stack>
  );
}

function CodeField({ label, value, onApply }: { label: string; value: string | null; onApply: (v: string | null) => void }) {
  const [code, setCode] = useState(value ?? '');
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
      <TextField size="small" label={label} value={code} onChange={(e) => setCode(e.target.value)} sx={{ flex: 1 }} />
      <Button size="small" variant="outlined" onClick={() => onApply(code.trim() || null)}><T id="store.checkout.apply" /></Button>
    </Stack>
  );
}

function LicenceForm({ onSaved }: { onSaved: (id: number) => void }) {
  const t = useT();
  const [f, setF] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const names: [string, string][] = [['holderName', 'text'], ['licenceNumber', 'text'], ['jurisdiction', 'text'], ['expiresOn', 'date']];
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {names.map(([n, type]) => (
          <TextField key={n} size="small" type={type} label={t(`store.checkout.${n}` as MessageId)} value={f[n] ?? ''} onChange={(e) => setF({ ...f, [n]: e.target.value })} slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}} sx={{ flex: 1, minWidth: 140 }} />
        ))}
      </Stack>
      {problem ? <Alert severity="error" sx={{ mt: 1 }}>{problem}</Alert> : null}
      <Button size="small" sx={{ mt: 1 }} variant="outlined" onClick={async () => {
        try {
          onSaved((await checkoutApi.addLicence({ holderName: f.holderName ?? '', licenceNumber: f.licenceNumber ?? '', jurisdiction: f.jurisdiction ?? '', expiresOn: f.expiresOn ?? '' })).id);
        } catch (e) {
          setProblem((e as Error).message);
        }
      }}><T id="store.checkout.addLicence" /></Button>
    </Box>
  );
}

/** The checkout of a cart: sections as cards, each with its filled state and its errors; the order summary places it. */
export function CheckoutBody({ cartId, buyNow = false }: { cartId?: string; buyNow?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const cart = useCart();
  const [view, setView] = useState<CheckoutView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ card: CheckoutSection | 'page'; error: SectionError }[]>([]);
  const [placing, setPlacing] = useState(false);
  const [cardToken, setCardToken] = useState('');

  useEffect(() => {
    checkoutApi.view(cartId).then(setView, (e: CheckoutError) => {
      if (e.code === 'cart_already_checked_out') navigate(`/direct/${buyNow ? 'buy-now' : 'order'}-confirmation/${String(e.details?.cartId ?? cartId)}`.replace('/direct/order-confirmation', '/direct/order-confirmation'));
      else setLoadError(e.message);
    });
  }, [cartId, buyNow, navigate]);

  if (loadError) return <Alert severity="info">{loadError}</Alert>;
  if (!view) return <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} role="status"><CircularProgress aria-label="loading" /></Box>;

  const fail = (e: unknown) => {
    if (!(e instanceof CheckoutError)) throw e;
    if (e.code === 'cart_conflict' && e.details?.cart) setView(e.details.cart as CheckoutView);
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
  const place = async () => {
    setPlacing(true);
    try {
      const order = await checkoutApi.place({ cartId: view.cart.id, serial: view.cart.serial, expectedTotal: view.totals.total });
      await cart.refresh().catch(() => undefined);
      navigate(`/direct/${view.cart.kind === 'buy_now' ? 'buy-now' : 'order'}-confirmation/${order.cartId}`);
    } catch (e) {
      if (e instanceof CheckoutError && e.code === 'cart_already_checked_out') {
        navigate(`/direct/${view.cart.kind === 'buy_now' ? 'buy-now' : 'order'}-confirmation/${view.cart.id}`);
        return;
      }
      fail(e);
      setPlacing(false);
    }
  };

  const live: SectionError[] = view.errors.map((e) => ({ section: e.section, message: e.message, partitionKey: e.partitionKey }));
  const errorsOf = (card: CheckoutSection | 'page') => [
    ...errors.filter((e) => e.card === card).map((e) => e.error),
    ...live.filter((e) => CHECKOUT_SECTION_OF_ERROR[e.section] === card && !errors.some((x) => x.error.section === e.section)),
  ];
  const surcharge = Object.values(view.paymentMethodSurcharges)[0];
  const cardTerm = view.cart.paymentTerms === '{card_provider}_credit_card';
  const needsAdjustment = [...errors.map((e) => e.error), ...live].some((e) => e.section === 'items_need_adjustment');

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, flex: 1 }}>
          <T id={buyNow ? 'store.checkout.buyNowTitle' : 'store.checkout.title'} />
        </Typography>
        <FormControlLabel control={<Switch checked={view.cart.express} onChange={(e) => void write('express', { express: e.target.checked })} />} label={t('store.checkout.express')} />
      </Stack>
      {errorsOf('page').map((e, i) => (
        <Alert key={i} severity="warning" sx={{ mb: 2 }} data-section={e.section}>{e.section === 'startOverCheckout' ? t('store.checkout.startOver') : e.message}</Alert>
      ))}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <Box>
          <SectionCard id="shipping" view={view} errors={errorsOf('shipping')}>
            {view.partitions.map((p) => (
              <PartitionCard key={`${p.key}-${view.cart.serial}`} view={view} p={p} write={write} />
            ))}
          </SectionCard>
          <SectionCard id="payment" view={view} errors={errorsOf('payment')}>
            <RadioGroup value={view.cart.paymentTerms ?? ''} onChange={(e) => void write('payment', { paymentTerms: e.target.value, ...(e.target.value === '{card_provider}_credit_card' && cardToken ? { cardToken } : {}) })}>
              {view.paymentTermGroups.map((g) => (
                <Box key={g.group} sx={{ mb: 1 }}>
                  <Typography variant="subtitle2" sx={{ fontWeight: 700 }}><T id={`store.checkout.group.${g.group}` as MessageId} /></Typography>
                  {g.terms.map((x) => (
                    <FormControlLabel key={x.term} value={x.term} control={<Radio size="small" />} label={x.value} />
                  ))}
                  {g.group === 'card' && surcharge ? (
                    <Typography variant="body2" color="text.secondary">{t('store.checkout.surcharge', { pct: surcharge.effectivePct, amount: money(surcharge.amount, view.cart.currency) })}</Typography>
                  ) : null}
                </Box>
              ))}
            </RadioGroup>
            {cardTerm ? (
              <Stack direction="row" spacing={1} sx={{ my: 1 }}>
                <TextField size="small" label={t('store.checkout.cardToken')} value={cardToken} onChange={(e) => setCardToken(e.target.value)} sx={{ flex: 1 }} />
                <Button size="small" variant="outlined" onClick={() => void write('payment', { paymentTerms: view.cart.paymentTerms, cardToken })}><T id="store.checkout.save" /></Button>
              </Stack>
            ) : null}
            <TextField select fullWidth size="small" label={t('store.checkout.billingAddress')} value={view.cart.billingAddressId ?? ''} onChange={(e) => void write('billing-address', { billingAddressId: Number(e.target.value) })} sx={{ mt: 1 }}>
              {view.addresses.filter((a) => a.format === 'postal').map((a) => (
                <MenuItem key={a.id} value={a.id}>{`${a.name ? `${a.name}, ` : ''}${a.line1}, ${a.city} ${a.region} ${a.postalCode}`}</MenuItem>
              ))}
            </TextField>
          </SectionCard>
          <SectionCard id="otherInfo" view={view} errors={errorsOf('otherInfo')}>
            {view.rupRequired ? (
              <Box sx={{ mb: 1.5 }}>
                <Typography variant="body2" sx={{ mb: 1 }}><T id="store.checkout.rup" /></Typography>
                {view.licences.length > 0 ? (
                  <TextField select fullWidth size="small" label={t('store.checkout.rupHolder')} value={view.cart.rupHolderId ?? ''} onChange={(e) => void write('rup-holder', { rupHolderId: Number(e.target.value) })}>
                    {view.licences.map((l) => (
                      <MenuItem key={l.id} value={l.id} disabled={!l.valid}>{`${l.holderName} · ${l.licenceNumber} (${l.jurisdiction}, ${l.expiresOn})`}</MenuItem>
                    ))}
                  </TextField>
                ) : null}
                <LicenceForm onSaved={(id) => void write('rup-holder', { rupHolderId: id })} />
              </Box>
            ) : null}
            <TextField fullWidth multiline minRows={2} size="small" label={t('store.checkout.notes')} defaultValue={view.cart.notes} onBlur={(e) => e.target.value !== view.cart.notes && void write('notes', { notes: e.target.value })} />
          </SectionCard>
        </Box>
        <SectionCard id="summary" view={view} errors={errorsOf('summary')}>
          {(['goodsSubtotal', 'discountTotal', 'shippingTotal', 'shippingDiscountTotal', 'taxTotal', 'paymentFeeTotal'] as const).map((k) => (
            <Stack key={k} direction="row" sx={{ justifyContent: 'space-between', py: 0.25 }}>
              <Typography variant="body2"><T id={`store.checkout.total.${k}` as MessageId} /></Typography>
              <Typography variant="body2" data-testid={`total-${k}`}>{(k === 'discountTotal' || k === 'shippingDiscountTotal') && view.totals[k] !== '0.00' ? '-' : ''}{money(view.totals[k], view.cart.currency)}</Typography>
            </Stack>
          ))}
          <Stack direction="row" sx={{ justifyContent: 'space-between', borderTop: 1, borderColor: 'divider', pt: 1, mt: 1 }}>
            <Typography sx={{ fontWeight: 700 }}><T id="store.checkout.total.total" /></Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="total-total">{money(view.totals.total, view.cart.currency)}</Typography>
          </Stack>
          <CodeField label={t('store.checkout.promoCode')} value={view.cart.promoCode} onApply={(v) => void write('promo-code', { promoCode: v })} />
          <CodeField label={t('store.checkout.referralCode')} value={view.cart.referralCode} onApply={(v) => void write('referral-code', { referralCode: v })} />
          {view.ownReferralCode ? <Typography variant="caption" color="text.secondary">{t('store.checkout.ownReferral', { code: view.ownReferralCode })}</Typography> : null}
          {needsAdjustment ? (
            <Button fullWidth variant="outlined" sx={{ mt: 1.5 }} onClick={() => void write('reprice', {})}><T id="store.checkout.reprice" /></Button>
          ) : null}
          <Button fullWidth variant="contained" size="large" sx={{ mt: 2 }} disabled={placing || view.partitions.length === 0} onClick={() => void place()}>
            {placing ? <T id="store.checkout.placing" /> : <T id="store.checkout.place" />}
          </Button>
        </SectionCard>
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
      {error ? <Alert severity="error">{error}</Alert> : cartId ? <CheckoutBody cartId={cartId} buyNow /> : <CircularProgress aria-label="loading" />}
    </StorePage>
  );
}
