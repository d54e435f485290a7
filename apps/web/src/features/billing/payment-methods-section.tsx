import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CreditCardRoundedIcon from '@mui/icons-material/CreditCardRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { isAbaRoutingNumber } from '@granary/domain';
import { useId, useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../lib/api/api-error';
import { FormSubmitButton, FormTextField } from '../../lib/forms/form-fields';
import { useZodForm } from '../../lib/forms/use-zod-form';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { TEST_CARDS, TestCardForm } from '../../lib/payments/test-card-form';
import { showToast } from '../../lib/toast/toast-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { LoadErrorAlert } from '../../lib/ui/page-states';
import {
  useAddBankAccount,
  useAddCard,
  useBankAccounts,
  useMakeDefault,
  useRemoveMethod,
  useVerifyBankAccount,
  type Cards,
  type PaymentMethod,
} from './billing-api';

const BILLING_CODES = ['card_declined', 'micro_deposits_incorrect', 'bank_account_not_verified'] as const;

/** A failed billing write in the words of the catalogue where the code is billing's, else the server's message. */
function billingErrorText(error: unknown, t: ReturnType<typeof useT>): string {
  if (isApiError(error) && (BILLING_CODES as readonly string[]).includes(error.code))
    return t(`billing.error.${error.code}` as MessageId);
  return error instanceof Error && error.message ? error.message : t('billing.loadFailed');
}

function methodLabel(m: PaymentMethod, t: ReturnType<typeof useT>): string {
  return m.kind === 'card'
    ? t('billing.cards.label', { brand: m.brand ?? '', last4: m.last4 })
    : t('billing.bank.label', { bank: m.bankName ?? '', last4: m.last4 });
}

/** One saved method: what it is, its state, and what may be done with it. */
function MethodRow({
  method,
  onVerify,
  onDefault,
  onRemove,
}: {
  method: PaymentMethod;
  onVerify: () => void;
  onDefault: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const pending = method.status === 'pending_verification';
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="payment-method">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
          {method.kind === 'card' ? (
            <CreditCardRoundedIcon color="action" />
          ) : (
            <AccountBalanceOutlinedIcon color="action" />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{methodLabel(method, t)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {method.kind === 'card' && method.expMonth && method.expYear
                ? t('billing.cards.expires', { month: String(method.expMonth).padStart(2, '0'), year: method.expYear })
                : method.accountHolderName}
            </Typography>
          </Box>
          {method.isDefault ? <Chip size="small" color="primary" label={t('billing.default')} /> : null}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {method.kind === 'bank_account' && method.status !== 'verified' ? (
            <Typography variant="body2" color={pending ? 'warning.main' : 'error.main'}>
              {t(`billing.status.${method.status}` as MessageId)}
              {pending && method.attemptsLeft !== null
                ? ` · ${t('billing.bank.attemptsLeft', { count: method.attemptsLeft })}`
                : ''}
            </Typography>
          ) : null}
          {pending && method.verificationMethod === 'micro_deposits' ? (
            <Button size="small" variant="outlined" onClick={onVerify}>
              <T id="billing.bank.verify" />
            </Button>
          ) : null}
          {!method.isDefault && method.status === 'verified' ? (
            <Button size="small" onClick={onDefault}>
              <T id="billing.makeDefault" />
            </Button>
          ) : null}
          <Button size="small" color="error" onClick={onRemove}>
            <T id="billing.remove" />
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function FormDialog({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/** Add a card: the card provider's form (the test provider's, as checkout shows it), then a setup intent confirmed. */
function AddCardDialog({ e, provider, onClose }: { e: string; provider: string | null; onClose: () => void }) {
  const t = useT();
  const [token, setToken] = useState<string>(TEST_CARDS[0].token);
  const add = useAddCard(e);
  const save = () =>
    add.mutate(token, {
      onSuccess: () => {
        showToast({ messageId: 'billing.cards.saved' }, { severity: 'success' });
        onClose();
      },
    });
  return (
    <FormDialog title={<T id="billing.cards.addTitle" />} onClose={onClose}>
      <DialogContent>
        {add.isError ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {billingErrorText(add.error, t)}
          </Alert>
        ) : null}
        <TestCardForm provider={provider} token={token} onChoose={setToken} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <T id="billing.cancel" />
        </Button>
        <Button variant="contained" onClick={save} disabled={add.isPending}>
          <T id="billing.cards.save" />
        </Button>
      </DialogActions>
    </FormDialog>
  );
}

const bankSchema = z.object({
  accountHolderName: z.string().trim().min(1, 'billing.bank.holderRequired'),
  routingNumber: z.string().trim().refine(isAbaRoutingNumber, 'billing.bank.routingInvalid'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'billing.bank.accountInvalid'),
  accountType: z.enum(['checking', 'savings']),
  verificationMethod: z.enum(['micro_deposits', 'instant']),
});
type BankValues = z.input<typeof bankSchema>;

function AddBankDialog({ e, onClose }: { e: string; onClose: () => void }) {
  const t = useT();
  const add = useAddBankAccount(e);
  const form = useZodForm(bankSchema, {
    defaultValues: {
      accountHolderName: '',
      routingNumber: '',
      accountNumber: '',
      accountType: 'checking',
      verificationMethod: 'micro_deposits',
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await add.mutateAsync(values);
      showToast(
        { messageId: saved.status === 'verified' ? 'billing.bank.saved' : 'billing.bank.savedPending' },
        { severity: 'success' },
      );
      onClose();
    } catch (error) {
      setFailure(billingErrorText(error, t));
    }
  });
  const digits = (typed: string) => typed.replace(/\D/g, '');
  return (
    <FormDialog title={<T id="billing.bank.addTitle" />} onClose={onClose}>
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 0.5 }}>
              {failure ? (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <FormTextField<BankValues> name="accountHolderName" label={t('billing.bank.holder')} fullWidth required />
              <FormTextField<BankValues>
                name="routingNumber"
                label={t('billing.bank.routing')}
                inputMode="numeric"
                parse={digits}
                fullWidth
                required
              />
              <FormTextField<BankValues>
                name="accountNumber"
                label={t('billing.bank.account')}
                inputMode="numeric"
                autoComplete="off"
                parse={digits}
                fullWidth
                required
              />
              <FormTextField<BankValues> name="accountType" label={t('billing.bank.type')} select fullWidth>
                <MenuItem value="checking">
                  <T id="billing.bank.type.checking" />
                </MenuItem>
                <MenuItem value="savings">
                  <T id="billing.bank.type.savings" />
                </MenuItem>
              </FormTextField>
              <FormTextField<BankValues>
                name="verificationMethod"
                label={t('billing.bank.verification')}
                select
                fullWidth
              >
                <MenuItem value="micro_deposits">
                  <T id="billing.bank.verification.micro_deposits" />
                </MenuItem>
                <MenuItem value="instant">
                  <T id="billing.bank.verification.instant" />
                </MenuItem>
              </FormTextField>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>
              <T id="billing.cancel" />
            </Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
              <T id="billing.bank.save" />
            </FormSubmitButton>
          </DialogActions>
        </form>
      </FormProvider>
    </FormDialog>
  );
}

const amount = z
  .string()
  .trim()
  .regex(/^0?\.\d{2}$/, 'billing.bank.amountInvalid');
const verifySchema = z.object({ amount1: amount, amount2: amount });
type VerifyValues = z.input<typeof verifySchema>;

function VerifyDialog({
  e,
  account,
  provider,
  onClose,
}: {
  e: string;
  account: PaymentMethod;
  provider: string | null;
  onClose: () => void;
}) {
  const t = useT();
  const verify = useVerifyBankAccount(e);
  const form = useZodForm(verifySchema, { defaultValues: { amount1: '', amount2: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await verify.mutateAsync({ id: account.id, amounts: [values.amount1, values.amount2] });
      showToast({ messageId: 'billing.bank.verified' }, { severity: 'success' });
      onClose();
    } catch (error) {
      setFailure(billingErrorText(error, t));
    }
  });
  return (
    <FormDialog title={<T id="billing.bank.verifyTitle" />} onClose={onClose}>
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>
                <T id="billing.bank.verifyHelp" values={{ last4: account.last4 }} />
              </Typography>
              {provider === 'test' ? (
                <Typography variant="body2" color="text.secondary">
                  <T id="billing.bank.verifyTestHint" />
                </Typography>
              ) : null}
              {failure ? (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField<VerifyValues>
                  name="amount1"
                  label={t('billing.bank.amount1')}
                  inputMode="decimal"
                  placeholder="0.00"
                  fullWidth
                />
                <FormTextField<VerifyValues>
                  name="amount2"
                  label={t('billing.bank.amount2')}
                  inputMode="decimal"
                  placeholder="0.00"
                  fullWidth
                />
              </Stack>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>
              <T id="billing.cancel" />
            </Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
              <T id="billing.bank.verifySubmit" />
            </FormSubmitButton>
          </DialogActions>
        </form>
      </FormProvider>
    </FormDialog>
  );
}

type Open =
  | { kind: 'card' }
  | { kind: 'bank' }
  | { kind: 'verify'; method: PaymentMethod }
  | { kind: 'remove'; method: PaymentMethod }
  | null;

/** Cards and bank accounts: add, verify, make default, remove (with a confirmation). */
export function PaymentMethodsSection({ enterprisePublicId: e, cards }: { enterprisePublicId: string; cards: Cards }) {
  const t = useT();
  const banks = useBankAccounts(e);
  const makeDefault = useMakeDefault(e);
  const remove = useRemoveMethod(e);
  const [open, setOpen] = useState<Open>(null);
  const provider = cards.cardProvider;
  const rowsOf = (methods: readonly PaymentMethod[]) =>
    methods.map((m) => (
      <MethodRow
        key={m.id}
        method={m}
        onVerify={() => setOpen({ kind: 'verify', method: m })}
        onDefault={() =>
          makeDefault.mutate(m, {
            onSuccess: () => showToast({ messageId: 'billing.defaultChanged' }, { severity: 'success' }),
            onError: (error) => showToast({ text: billingErrorText(error, t) }, { severity: 'error' }),
          })
        }
        onRemove={() => setOpen({ kind: 'remove', method: m })}
      />
    ));
  return (
    <Box component="section" aria-labelledby="billing-methods">
      <Typography variant="h2" id="billing-methods" sx={{ mb: 0.5 }}>
        <T id="billing.methods.title" />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <T id="billing.methods.help" />
      </Typography>
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h3" component="h3">
              <T id="billing.cards.title" />
            </Typography>
            <Button variant="outlined" size="small" disabled={!provider} onClick={() => setOpen({ kind: 'card' })}>
              <T id="billing.cards.add" />
            </Button>
          </Stack>
          {!provider ? (
            <Typography variant="body2" color="text.secondary">
              <T id="billing.cards.noProvider" />
            </Typography>
          ) : null}
          {cards.cards.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              <T id="billing.cards.empty" />
            </Typography>
          ) : (
            rowsOf(cards.cards)
          )}
        </Stack>
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h3" component="h3">
              <T id="billing.bank.title" />
            </Typography>
            <Button variant="outlined" size="small" disabled={!provider} onClick={() => setOpen({ kind: 'bank' })}>
              <T id="billing.bank.add" />
            </Button>
          </Stack>
          {!provider ? (
            <Typography variant="body2" color="text.secondary">
              <T id="billing.bank.noProvider" />
            </Typography>
          ) : null}
          {banks.isError ? (
            <LoadErrorAlert
              error={banks.error}
              fallback={t('billing.loadFailed')}
              retryLabel={<T id="billing.retry" />}
              onRetry={() => void banks.refetch()}
            />
          ) : !banks.data ? (
            <Skeleton variant="rounded" height={56} />
          ) : banks.data.bankAccounts.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              <T id="billing.bank.empty" />
            </Typography>
          ) : (
            rowsOf(banks.data.bankAccounts)
          )}
        </Stack>
      </Stack>
      {open?.kind === 'card' ? <AddCardDialog e={e} provider={provider} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'bank' ? <AddBankDialog e={e} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'verify' ? (
        <VerifyDialog e={e} account={open.method} provider={provider} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'remove' ? (
        <ConfirmDialog
          title={<T id="billing.removeTitle" />}
          body={<T id="billing.removeBody" values={{ method: methodLabel(open.method, t) }} />}
          confirmLabel={<T id="billing.remove" />}
          cancelLabel={<T id="billing.cancel" />}
          busy={remove.isPending}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            remove.mutate(open.method, {
              onSuccess: () => {
                showToast({ messageId: 'billing.removed' }, { severity: 'success' });
                setOpen(null);
              },
              onError: (error) => showToast({ text: billingErrorText(error, t) }, { severity: 'error' }),
            })
          }
        />
      ) : null}
    </Box>
  );
}
