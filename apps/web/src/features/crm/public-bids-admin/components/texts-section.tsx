import { PAGE_TEXT_MAX, type MarketPageSettings } from '@granary/domain';
import { Stack, TextField } from '@mui/material';
import { useT } from '../../../../lib/i18n/t';
import { useSaveMarketInfo } from '../api/market-info';
import { Section, useDraft, useSaveToasts } from './section';

/** Delivery information and additional info: multi-line texts of the public page, saved together. */
export function TextsSection({ info }: { info: MarketPageSettings }) {
  const t = useT();
  const save = useSaveMarketInfo(info.marketId);
  const toasts = useSaveToasts();
  // One draft per text: after a 412 the text typed is kept and the other shows what is saved now.
  const delivery = useDraft(info.deliveryInformation ?? '');
  const additional = useDraft(info.additionalInfo ?? '');
  const drafts = { deliveryInformation: delivery, additionalInfo: additional };
  const tooLong = (text: string) => text.trim().length > PAGE_TEXT_MAX;

  const onSave = () => {
    if (tooLong(delivery.draft) || tooLong(additional.draft)) return toasts.invalid();
    const patch = {
      ...(delivery.dirty ? { deliveryInformation: delivery.draft } : {}),
      ...(additional.dirty ? { additionalInfo: additional.draft } : {}),
    };
    if (Object.keys(patch).length === 0) return toasts.saved('crm.publicAdmin.texts.saved');
    save.mutate(
      { patch, version: info.version },
      {
        onSuccess: (saved) => {
          delivery.reset(saved.deliveryInformation ?? '');
          additional.reset(saved.additionalInfo ?? '');
          toasts.saved('crm.publicAdmin.texts.saved');
        },
        onError: toasts.failed,
      },
    );
  };

  const field = (key: 'deliveryInformation' | 'additionalInfo', label: string, help: string) => {
    const { draft: value, update } = drafts[key];
    const over = tooLong(value);
    return (
      <TextField
        label={label}
        value={value}
        onChange={(event) => update(event.target.value)}
        multiline
        minRows={4}
        maxRows={14}
        fullWidth
        error={over}
        helperText={
          over
            ? t('crm.publicAdmin.texts.tooLong', { max: PAGE_TEXT_MAX })
            : `${help} · ${t('crm.publicAdmin.texts.count', { count: value.length, max: PAGE_TEXT_MAX })}`
        }
      />
    );
  };

  return (
    <Section
      title={t('crm.publicAdmin.texts.title')}
      dirty={delivery.dirty || additional.dirty}
      saving={save.isPending}
      onSave={onSave}
    >
      <Stack spacing={2.5}>
        {field('deliveryInformation', t('crm.publicAdmin.texts.delivery'), t('crm.publicAdmin.texts.delivery.help'))}
        {field('additionalInfo', t('crm.publicAdmin.texts.additional'), t('crm.publicAdmin.texts.additional.help'))}
      </Stack>
    </Section>
  );
}
