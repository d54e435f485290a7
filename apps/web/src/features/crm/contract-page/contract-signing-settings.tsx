import type { ContractSigningSettings } from '@granary/domain';
import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { CrmErrorState } from '../components/crm-page-frame';
import { useChangeContractSigningSettings, useContractSigningSettings } from './contract-page-api';

const SWITCHES: { key: keyof ContractSigningSettings; label: 'amendments' | 'program' }[] = [
  { key: 'amendmentsRequireSignature', label: 'amendments' },
  { key: 'programRequired', label: 'program' },
];

/**
 * The partner's contract signature rules on /crm/administrator, beside the price notation (CRM administrators):
 * whether amendments are sent to be signed, and whether a contract needs a program to be sent. Each switch saves.
 */
export function ContractSigningSettingsForm() {
  const t = useT();
  const query = useContractSigningSettings();
  const save = useChangeContractSigningSettings();
  const settings = query.data;
  if (query.error) return <CrmErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!settings) return null;
  return (
    <Stack spacing={1.5}>
      {SWITCHES.map(({ key, label }) => (
        <div key={key}>
          <FormControlLabel
            control={
              <Switch
                checked={settings[key]}
                disabled={save.isPending}
                onChange={(event) =>
                  save.mutate(
                    { ...settings, [key]: event.target.checked },
                    {
                      onSuccess: () => showToast({ messageId: 'contractPage.settings.saved' }, { severity: 'success' }),
                    },
                  )
                }
              />
            }
            label={t(`contractPage.settings.${label}`)}
          />
          <Typography variant="body2" color="text.secondary" sx={{ ml: 6.5, mt: -0.5 }}>
            {t(`contractPage.settings.${label}Help`)}
          </Typography>
        </div>
      ))}
      {save.error ? <CrmErrorState error={save.error} /> : null}
    </Stack>
  );
}
