import { decimalString, settlementCreateSchema, toDecimal, type SettleableLine } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormProvider, useController, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { ClientPicker, type PickedClient } from '../contract-writing/client-picker';
import { useCrmFormat } from '../components/use-crm-format';
import { previewSettlement, useCreateSettlement, useSettleableLines } from './settlements-api';
import { SettlementView } from '../../../lib/trading/settlement-view';

type ContractChoice = {
  contractId: number;
  displayContractId: string;
  crop: string;
  price: string | null;
  bushels: string;
  tickets: number;
  unpricedTickets: number;
};

/** The client's applied lines grouped by contract: what each contract would settle, and what waits for a price. */
function contractChoices(rows: readonly SettleableLine[]): ContractChoice[] {
  const byContract = new Map<number, ContractChoice>();
  for (const r of rows) {
    const c = byContract.get(r.contractId) ?? {
      contractId: r.contractId,
      displayContractId: r.displayContractId,
      crop: `${r.cropName} ${r.cropYear}`,
      price: r.price,
      bushels: '0',
      tickets: 0,
      unpricedTickets: 0,
    };
    if (r.blockedBy === null) {
      c.tickets += 1;
      c.bushels = decimalString(toDecimal(c.bushels).plus(toDecimal(r.bushels)));
    } else c.unpricedTickets += 1;
    byContract.set(r.contractId, c);
  }
  return [...byContract.values()];
}

/** What the dialog holds: the client picked, the contracts ticked, the settlement day. */
const formSchema = z
  .object({
    client: z.object({ id: z.number(), name: z.string() }).nullable(),
    contractIds: z.array(z.number()),
    settlementDate: z.string(),
  })
  .transform((v): z.input<typeof settlementCreateSchema> => ({
    clientId: v.client?.id ?? 0,
    contractIds: v.contractIds,
    settlementDate: v.settlementDate,
  }))
  // The request the server checks with the same schema.
  .pipe(settlementCreateSchema);
type FormValues = z.input<typeof formSchema>;

/** The client's contracts with applied bushels: a box for each that has some to settle, what waits for pricing. */
function ContractChoices({
  choices,
  control,
}: {
  choices: ContractChoice[];
  control: Control<FormValues, unknown, z.output<typeof formSchema>>;
}) {
  const t = useT();
  const f = useCrmFormat();
  const { field, fieldState } = useController({ control, name: 'contractIds' });
  if (choices.length === 0) return null;
  const picked = field.value;
  const toggle = (id: number, on: boolean) => field.onChange(on ? [...picked, id] : picked.filter((x) => x !== id));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('settlements.new.contracts')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {choices.map((c) => (
          <FormControlLabel
            key={c.contractId}
            disabled={c.tickets === 0}
            control={
              <Checkbox
                checked={picked.includes(c.contractId)}
                onChange={(e) => toggle(c.contractId, e.target.checked)}
              />
            }
            label={
              <Box>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {c.displayContractId}
                </Typography>{' '}
                <Typography component="span" color="text.secondary">
                  {c.crop}
                  {c.price ? ` · ${f.prices.withUnit(c.price)}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {c.tickets > 0
                    ? t('settlements.new.settleable', { tickets: c.tickets, bushels: f.columnQuantity(c.bushels) })
                    : null}
                  {c.unpricedTickets > 0 ? (
                    <Box component="span" sx={{ display: 'block', color: 'warning.dark' }}>
                      {t('settlements.new.unpriced', { tickets: c.unpricedTickets })}
                    </Box>
                  ) : null}
                </Typography>
              </Box>
            }
            sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiCheckbox-root': { pt: 0.25 } }}
          />
        ))}
      </Box>
      {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
    </Box>
  );
}

/** The client picker bound to the form: a new client clears the contracts ticked for the one before. */
function ClientField({
  marketId,
  control,
}: {
  marketId: number | null;
  control: Control<FormValues, unknown, z.output<typeof formSchema>>;
}) {
  const t = useT();
  const { field, fieldState } = useController({ control, name: 'client' });
  const contracts = useController({ control, name: 'contractIds' });
  return (
    <ClientPicker
      marketId={marketId}
      value={field.value as PickedClient | null}
      onChange={(c) => {
        field.onChange(c);
        contracts.field.onChange([]);
      }}
      label={t('settlements.new.client')}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      inputRef={field.ref}
    />
  );
}

/**
 * New settlement on the forms library (decision 032): pick the client, then the contracts whose applied, priced
 * bushels to settle; the preview shows every line, deduction and payee as the settlement will have them; Create
 * writes it as a draft (the domain's request schema checks it as the server does; its field errors go on the fields,
 * a refusal shows its message).
 */
export function NewSettlementDialog({
  open,
  marketId,
  today,
  onClose,
  onCreated,
}: {
  open: boolean;
  marketId: number | null;
  today: string;
  onClose: () => void;
  onCreated: (settlementId: number) => void;
}) {
  const t = useT();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const defaultValues: FormValues = { client: null, contractIds: [], settlementDate: today };
  const form = useZodForm(formSchema, { defaultValues });
  const [client, picked, date] = useWatch({ control: form.control, name: ['client', 'contractIds', 'settlementDate'] });
  const lines = useSettleableLines(client?.id ?? null);
  const choices = useMemo(() => contractChoices(lines.data?.rows ?? []), [lines.data]);
  const settleable = choices.filter((c) => c.tickets > 0);
  const contractIds = picked.filter((id) => settleable.some((c) => c.contractId === id));
  const body = client && contractIds.length > 0 ? { clientId: client.id, contractIds, settlementDate: date } : null;
  const preview = useQuery({
    queryKey: ['crm', 'settlements', 'preview', body],
    queryFn: ({ signal }) => previewSettlement(body!, signal),
    enabled: open && body !== null && /^\d{4}-\d{2}-\d{2}$/.test(date),
    retry: false,
  });
  const create = useCreateSettlement();

  const reset = () => {
    form.reset(defaultValues);
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = form.handleSubmit(async (request) => {
    try {
      const s = await create.mutateAsync({ ...request, contractIds });
      showToast(
        { messageId: 'settlements.created', values: { number: s.displaySettlementId ?? '' } },
        { severity: 'success' },
      );
      reset();
      if (s.id !== null) onCreated(s.id);
    } catch (error) {
      applyServerErrors(form.setError, error, ['settlementDate', 'contractIds']);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="new-settlement-title"
    >
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
        >
          <DialogTitle id="new-settlement-title">{t('settlements.new.title')}</DialogTitle>
          <DialogContent dividers>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <ClientField marketId={marketId} control={form.control} />
              </Box>
              <FormTextField<FormValues>
                name="settlementDate"
                type="date"
                label={t('settlements.new.date')}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: { xs: '100%', sm: 200 } }}
              />
            </Stack>

            {client && lines.isPending ? <PageSpinner /> : null}
            {client && lines.data && choices.length === 0 ? (
              <Alert severity="info">{t('settlements.new.nothing')}</Alert>
            ) : null}
            <ContractChoices choices={choices} control={form.control} />

            {body && preview.isFetching && !preview.data ? <PageSpinner /> : null}
            {body && preview.isError ? (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {isApiError(preview.error) ? preview.error.message : t('crm.loadFailed')}
              </Alert>
            ) : null}
            {body && preview.data ? (
              <Box sx={{ mt: 2 }} aria-label={t('settlements.new.preview')} role="region">
                <Typography variant="subtitle2">{t('settlements.new.preview')}</Typography>
                <SettlementView settlement={preview.data} />
              </Box>
            ) : null}
            {create.isError ? (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {isApiError(create.error) ? create.error.message : t('crm.loadFailed')}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('settlements.cancel')}</Button>
            <FormSubmitButton
              fullWidth={false}
              size="medium"
              sx={{}}
              disabled={!body || !preview.data || form.formState.isSubmitting}
            >
              {t('settlements.new.create')}
            </FormSubmitButton>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
