import { isoDateInZone, type CrmMarketRow } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { showToast } from '../../../lib/toast/toast-store';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { basisInputText } from '../bids/components/basis-input';
import { ContractFields } from './contract-form-fields';
import {
  contractBody,
  contractFormSchema,
  emptyContractForm,
  formOfTerms,
  type ContractFormValues,
  type ContractPrefill,
} from './contract-form';
import { sendContractForSignature, useContractTerms, useSaveContract } from './contract-writing-api';

/** Markets where the user may write contracts. */
function writableMarkets(markets: readonly CrmMarketRow[]): CrmMarketRow[] {
  return markets.filter((m) => m.entitlements.includes('grain-buying-contracts'));
}

type Mode =
  | { kind: 'new'; prefill?: ContractPrefill }
  | { kind: 'edit'; clientId: number; contractId: number; clientName: string };

/** The form inside the dialog, once its starting values are known. */
function ContractForm({
  markets,
  initial,
  mode,
  version,
  number,
  esignSent,
  today,
  onClose,
  onSaved,
  onStale,
  notice,
}: {
  notice: string | null;
  markets: CrmMarketRow[];
  initial: ContractFormValues;
  mode: Mode;
  version: number | null;
  number: string | null;
  esignSent: boolean;
  today: string;
  onClose: () => void;
  onSaved?: ((saved: { clientId: number; contractId: number; number: string }) => void) | undefined;
  onStale: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const notation = usePriceFormat().notation.basis;
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const save = useSaveContract();
  const schema = useMemo(
    () => contractFormSchema(notation, { client: t('crm.write.clientRequired'), basis: t('crm.write.basisInvalid') }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the messages do not change while the dialog is open
    [notation],
  );
  const form = useZodForm(schema, { defaultValues: initial, reValidateMode: 'onChange' });
  const [failure, setFailure] = useState<string | null>(notice);
  const editing = mode.kind === 'edit';

  async function submit(values: ContractFormValues, send: boolean) {
    setFailure(null);
    const clientId = values.clientId!;
    try {
      const out = await save.mutateAsync({
        clientId,
        body: contractBody(values, notation),
        edit: mode.kind === 'edit' && version !== null ? { contractId: mode.contractId, version } : undefined,
      });
      const saved = { clientId: out.clientId, contractId: out.id, number: out.displayContractId };
      if (send && !editing) {
        try {
          await sendContractForSignature(out.id);
          showToast(
            { messageId: 'crm.write.sent', values: { number: out.displayContractId } },
            { severity: 'success' },
          );
        } catch (e) {
          const reason = isApiError(e) ? e.message : String(e);
          showToast(
            { messageId: 'crm.write.sendFailed', values: { number: out.displayContractId, reason } },
            { severity: 'warning', autoHideMs: null },
          );
        }
      } else if (out.amendment) {
        showToast(
          { messageId: 'crm.write.amended', values: { number: out.amendment.displayContractAmendmentId } },
          { severity: 'success' },
        );
      } else {
        showToast({ messageId: 'crm.write.saved', values: { number: out.displayContractId } }, { severity: 'success' });
      }
      onClose();
      if (onSaved) onSaved(saved);
      else void navigate(localized(`/crm/contracts/${out.id}`));
    } catch (e) {
      if (isApiError(e) && e.status === 412) {
        onStale();
        return;
      }
      const marked = applyServerErrors(form.setError, e);
      // Field errors (and any refused body) read as the spec's one line; another refusal (403, 404, 409) says why.
      const fieldsRefused = marked || (isApiError(e) && e.code === 'invalid_request');
      setFailure(fieldsRefused || !isApiError(e) ? t('crm.write.failed') : e.message);
    }
  }
  const onInvalid = () => setFailure(t('crm.write.failed'));

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((v) => submit(v, false), onInvalid)}
        sx={{ display: 'contents' }}
      >
        <DialogTitle id="new-contract-title">
          {editing ? t('crm.write.title.edit', { number: number ?? '' }) : t('crm.write.title.new')}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={3}>
            {editing && esignSent ? <Alert severity="info">{t('crm.write.amendNotice')}</Alert> : null}
            <ContractFields markets={markets} editing={editing} today={today} />
          </Stack>
        </DialogContent>
        {failure ? (
          // Under the fields, beside the buttons: seen whatever the scroll, with the wrong fields marked above.
          <Alert severity="error" role="alert" sx={{ mx: 3, mt: 1.5 }}>
            {failure}
          </Alert>
        ) : null}
        <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={onClose}>{t('crm.write.cancel')}</Button>
          {!editing ? (
            <Button
              variant="outlined"
              disabled={form.formState.isSubmitting}
              onClick={form.handleSubmit((v) => submit(v, true), onInvalid)}
            >
              {t('crm.write.saveAndSend')}
            </Button>
          ) : null}
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            aria-busy={form.formState.isSubmitting}
            fullWidth={phone}
          >
            {form.formState.isSubmitting ? <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} /> : null}
            {t('crm.write.save')}
          </Button>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}

/**
 * "New contract" (issue 14): type and direction first, then only the fields that type needs, grouped (Parties, Grain,
 * Delivery, Pricing, Payment, Notes), checked with the domain's rules (the server's), the server's field errors put
 * on the fields. Save, or Save and send for signature. `prefill` fills in a client (client profile) or a bid's terms
 * (bid row); `edit` opens a contract's terms ("Edit terms": an amendment once it was sent for signature).
 * Full-screen on a phone.
 */
export function NewContractDialog({
  open,
  onClose,
  markets,
  marketId = null,
  prefill,
  edit,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  markets: readonly CrmMarketRow[];
  /** The market in force on the page (the default). */
  marketId?: number | null;
  prefill?: ContractPrefill;
  edit?: { clientId: number; contractId: number; clientName: string };
  onSaved?: (saved: { clientId: number; contractId: number; number: string }) => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const notation = usePriceFormat().notation.basis;
  const usable = writableMarkets(markets);
  const market = usable.find((m) => m.id === (prefill?.marketId ?? marketId)) ?? usable[0] ?? null;
  const today = isoDateInZone(new Date(), market?.timezone ?? 'America/Chicago');
  const terms = useContractTerms(open && edit ? { clientId: edit.clientId, contractId: edit.contractId } : null);
  const [generation, setGeneration] = useState(0);
  const [stale, setStale] = useState(false);
  useEffect(() => {
    if (!open) {
      setGeneration((g) => g + 1);
      setStale(false);
    }
  }, [open]);

  let body: ReactNode;
  if (edit && terms.isLoading) {
    body = (
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <CircularProgress aria-label={t('crm.contract.loading')} />
      </DialogContent>
    );
  } else if (edit && (terms.isError || !terms.data)) {
    body = (
      <DialogContent>
        <Alert severity="error">{t('crm.write.loadFailed')}</Alert>
      </DialogContent>
    );
  } else {
    const initial =
      edit && terms.data
        ? formOfTerms(terms.data, edit.clientName, (b) => basisInputText(b, 'bushel', notation))
        : emptyContractForm(today, { marketId: market?.id ?? null, ...prefill });
    body = (
      <ContractForm
        key={`${generation}-${terms.data?.version ?? 0}`}
        markets={usable}
        initial={initial}
        mode={edit ? { kind: 'edit', ...edit } : { kind: 'new', ...(prefill ? { prefill } : {}) }}
        version={terms.data?.version ?? null}
        number={terms.data?.displayContractId ?? null}
        esignSent={terms.data?.esignSent ?? false}
        today={today}
        onClose={onClose}
        onSaved={onSaved}
        notice={stale ? t('crm.write.stale') : null}
        onStale={() => {
          setStale(true);
          void terms.refetch();
        }}
      />
    );
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="new-contract-title"
    >
      {body}
    </Dialog>
  );
}
