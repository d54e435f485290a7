import {
  BUSHELS_PER_FUTURES_CONTRACT,
  CROPS,
  HEDGE_DIRECTIONS,
  HEDGE_INSTRUMENTS,
  exchangeToday,
  formatNumber,
  futuresProductForCrop,
  hedgeTradeBodySchema,
  listedContracts,
  parsePrice,
  type HedgeTrade,
} from '@granary/domain';
import { MenuItem, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { FormTextField } from '../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { ContractFormDialog } from '../components/contract-form-dialog';
import { useCrmFormat } from '../components/use-crm-format';
import { formatOptionMonth } from '../lists/components/list-cells';
import { positionKeys, useTradeWrite } from './position-manager-api';

const FIELDS = [
  'futuresSymbol',
  'instrument',
  'direction',
  'contracts',
  'strike',
  'price',
  'tradedOn',
  'account',
  'note',
] as const;

const formShape = z.object({
  cropId: z.string(),
  futuresSymbol: z.string(),
  instrument: z.enum(HEDGE_INSTRUMENTS),
  direction: z.enum(HEDGE_DIRECTIONS),
  contracts: z.string(),
  strike: z.string(),
  price: z.string(),
  tradedOn: z.string(),
  account: z.string(),
  note: z.string(),
});
type TradeFormValues = z.input<typeof formShape>;

/**
 * What the dialog holds, read as the trade writes it (prices in any of the notations parsePrice reads, contracts as
 * a whole number), becomes the request body, which the domain's schema then checks as the server does.
 */
const tradeFormSchema = formShape.transform((v, ctx) => {
  const fail = (path: string, message: MessageId | string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  const contracts = /^\d{1,6}$/.test(v.contracts.trim().replace(/,/g, ''))
    ? Number(v.contracts.replace(/,/g, ''))
    : null;
  if (contracts === null) fail('contracts', 'structures.positions.error.contracts');
  const price = v.price.trim() ? parsePrice(v.price) : null;
  if (price === null)
    fail('price', v.price.trim() ? 'structures.positions.error.price' : 'structures.positions.error.required');
  const option = v.instrument !== 'futures';
  const strike = option && v.strike.trim() ? parsePrice(v.strike) : null;
  if (option && strike === null)
    fail('strike', v.strike.trim() ? 'structures.positions.error.price' : 'structures.positions.error.required');
  if (!v.futuresSymbol) fail('futuresSymbol', 'structures.positions.error.required');
  const body = {
    futuresSymbol: v.futuresSymbol,
    instrument: v.instrument,
    direction: v.direction,
    contracts: contracts ?? 0,
    strike: option ? strike : null,
    price: price ?? '',
    tradedOn: v.tradedOn,
    account: v.account.trim() ? v.account.trim() : null,
    note: v.note.trim(),
  };
  if (contracts === null || price === null || (option && strike === null) || !v.futuresSymbol) return z.NEVER;
  const checked = hedgeTradeBodySchema.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) fail(String(issue.path[0] ?? 'price'), issue.message);
    return z.NEVER;
  }
  return checked.data;
});

/** The crops offered: those whose futures trade in 5,000-bu contracts, as the position keeps them. */
export const TRADE_CROPS = CROPS.filter((c) => futuresProductForCrop(c.id)?.priceUnit === 'bushel');

/** The futures months a trade may take: the crop's listed months still trading; an edited trade keeps its own. */
function useTradeMonths(cropId: number, today: string, trade: HedgeTrade | null) {
  return useMemo(() => {
    const product = futuresProductForCrop(cropId);
    const listed = product ? listedContracts(product, today, 10) : [];
    if (trade && trade.cropId === cropId && !listed.some((m) => m.symbol === trade.futuresSymbol))
      return [{ symbol: trade.futuresSymbol, optionMonth: trade.optionMonth }, ...listed];
    return listed;
  }, [cropId, today, trade]);
}

/**
 * Record a hedge trade, or edit one (its version as If-Match): the futures month from the crop's listed months, futures
 * or an option (strike and premium), bought or sold, in contracts of 5,000 bu. A stale version reads the trades again
 * and says so; a refusal shows the server's line and its field errors on the fields.
 */
export function HedgeTradeDialog({
  trade,
  defaultCropId,
  onClose,
}: {
  trade: HedgeTrade | null;
  defaultCropId: number;
  onClose: () => void;
}) {
  const t = useT();
  const format = useCrmFormat();
  const queryClient = useQueryClient();
  const write = useTradeWrite();
  const [failure, setFailure] = useState<string | null>(null);
  const today = exchangeToday();
  const form = useZodForm(tradeFormSchema, {
    defaultValues: {
      cropId: String(trade?.cropId ?? defaultCropId),
      futuresSymbol: trade?.futuresSymbol ?? '',
      instrument: trade?.instrument ?? 'futures',
      direction: trade?.direction ?? 'sell',
      contracts: trade ? String(trade.contracts) : '',
      strike: trade?.strike ? format.prices.futures(trade.strike) : '',
      price: trade ? format.prices.futures(trade.price) : '',
      tradedOn: trade?.tradedOn ?? today,
      account: trade?.account ?? '',
      note: trade?.note ?? '',
    } satisfies TradeFormValues,
    reValidateMode: 'onChange',
  });
  const [cropId, instrument, contracts] = useWatch({
    control: form.control,
    name: ['cropId', 'instrument', 'contracts'],
  });
  const months = useTradeMonths(Number(cropId), today, trade);
  const option = instrument !== 'futures';
  const typedContracts = /^\d{1,6}$/.test(contracts.trim()) ? Number(contracts) : null;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await write.mutateAsync(
        trade ? { kind: 'edit', id: trade.id, version: trade.version, body } : { kind: 'create', body },
      );
      showToast({ messageId: 'structures.positions.saved', values: { id: saved.id } }, { severity: 'success' });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 412) {
        setFailure(t('structures.positions.dialog.stale'));
        await queryClient.invalidateQueries({ queryKey: positionKeys.all });
        return;
      }
      applyServerErrors(form.setError, error, FIELDS);
      setFailure(error instanceof Error ? error.message : t('crm.loadFailed'));
    }
  });

  const field = (name: (typeof FIELDS)[number] | 'cropId', label: MessageId, extra: object = {}) => (
    <FormTextField<TradeFormValues> name={name} label={t(label)} fullWidth {...extra} />
  );
  return (
    <ContractFormDialog
      form={form}
      onSubmit={submit}
      onClose={onClose}
      title={trade ? `${t('structures.positions.dialog.edit')} · ${trade.id}` : t('structures.positions.dialog.record')}
      help={t('structures.positions.dialog.help')}
      failure={failure}
      dismissLabel={t('structures.positions.dialog.close')}
      submitLabel={t('structures.positions.dialog.save')}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 1.5 }}>
        {field('cropId', 'structures.positions.field.cropId', {
          select: true,
          required: true,
          parse: (value: string) => {
            form.setValue('futuresSymbol', '');
            return value;
          },
          children: TRADE_CROPS.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.displayName}
            </MenuItem>
          )),
        })}
        {field('futuresSymbol', 'structures.positions.field.futuresSymbol', {
          select: true,
          required: true,
          children: months.map((m) => (
            <MenuItem key={m.symbol} value={m.symbol}>
              {formatOptionMonth(m.optionMonth)} · {m.symbol}
            </MenuItem>
          )),
        })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 1.5 }}>
        {field('direction', 'structures.positions.field.direction', {
          select: true,
          required: true,
          children: HEDGE_DIRECTIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`structures.positions.field.direction.${d}`)}
            </MenuItem>
          )),
        })}
        {field('instrument', 'structures.positions.field.instrument', {
          select: true,
          required: true,
          children: HEDGE_INSTRUMENTS.map((i) => (
            <MenuItem key={i} value={i}>
              {t(`structures.positions.instrument.${i}`)}
            </MenuItem>
          )),
        })}
      </Stack>
      {field('contracts', 'structures.positions.field.contracts', {
        required: true,
        slotProps: { htmlInput: { inputMode: 'numeric' } },
        helperText:
          typedContracts === null
            ? undefined
            : t('structures.positions.field.contractsHelp', {
                bushels: formatNumber(typedContracts * BUSHELS_PER_FUTURES_CONTRACT, { maxFractionDigits: 0 }),
              }),
      })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 1.5 }}>
        {option
          ? field('strike', 'structures.positions.field.strike', {
              required: true,
              slotProps: { htmlInput: { inputMode: 'decimal' } },
            })
          : null}
        {field('price', option ? 'structures.positions.field.premium' : 'structures.positions.field.price', {
          required: true,
          slotProps: { htmlInput: { inputMode: 'decimal' } },
        })}
      </Stack>
      {field('tradedOn', 'structures.positions.field.tradedOn', {
        type: 'date',
        required: true,
        slotProps: { inputLabel: { shrink: true }, htmlInput: { max: today } },
      })}
      {field('account', 'structures.positions.field.account')}
      {field('note', 'structures.positions.field.note', { multiline: true, minRows: 2 })}
    </ContractFormDialog>
  );
}
