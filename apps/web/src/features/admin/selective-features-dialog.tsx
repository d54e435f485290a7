import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Stack,
  TextField,
} from '@mui/material';
import { SELECTIVE_FEATURE_PATTERN } from '@granary/domain';
import { useId, useState } from 'react';
import { useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { failureText } from './staff-user-page-parts';
import {
  usePutSelectiveFeatures,
  useSelectiveFeatureCatalogue,
  useSelectiveFeatures,
  type SelectiveFeatures,
} from './staff-admin-api';

function FeaturesForm({ enterprise, onClose }: { enterprise: SelectiveFeatures; onClose: () => void }) {
  const t = useT();
  const catalogue = useSelectiveFeatureCatalogue();
  const save = usePutSelectiveFeatures(enterprise.enterpriseId);
  const [chosen, setChosen] = useState<string[]>(enterprise.features);
  const [extra, setExtra] = useState('');
  const typed = extra.trim().toLowerCase();
  const extraValid = typed === '' || SELECTIVE_FEATURE_PATTERN.test(typed);
  const names = [...new Set([...(catalogue.data?.features.map((f) => f.name) ?? []), ...enterprise.features])].sort();
  const counts = new Map(catalogue.data?.features.map((f) => [f.name, f.enterprisesCount]) ?? []);
  const toggle = (name: string) =>
    setChosen((list) => (list.includes(name) ? list.filter((n) => n !== name) : [...list, name]));
  const submit = () =>
    save.mutate([...chosen, ...(typed ? [typed] : [])], {
      onSuccess: () => {
        showToast(
          { messageId: 'staffAdmin.features.saved', values: { name: enterprise.name } },
          { severity: 'success' },
        );
        onClose();
      },
      onError: (error) =>
        showToast({ text: failureText(t('staffAdmin.error.permissionsNotSaved'), error) }, { severity: 'error' }),
    });
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('staffAdmin.features.help')}</DialogContentText>
          <FormGroup>
            {names.map((name) => (
              <FormControlLabel
                key={name}
                control={<Checkbox checked={chosen.includes(name)} onChange={() => toggle(name)} />}
                label={`${name} · ${t('staffAdmin.features.count', { count: counts.get(name) ?? 0 })}`}
              />
            ))}
          </FormGroup>
          <TextField
            size="small"
            label={t('staffAdmin.features.add')}
            helperText={t('staffAdmin.features.addHelp')}
            error={!extraValid}
            value={extra}
            onChange={(e) => setExtra(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('staffAdmin.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending || !extraValid}>
          {t('staffAdmin.features.save')}
        </Button>
      </DialogActions>
    </>
  );
}

/** An enterprise's selective features (selective-features): the known and used ones to tick, and a new one to add. */
export function SelectiveFeaturesDialog({
  enterpriseId,
  name,
  onClose,
}: {
  enterpriseId: number;
  name: string;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const query = useSelectiveFeatures(enterpriseId);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('staffAdmin.features.title', { name })}</DialogTitle>
      {query.data ? (
        <FeaturesForm enterprise={query.data} onClose={onClose} />
      ) : (
        <DialogContent>
          {query.error ? <DialogContentText>{t('staffAdmin.loadFailed')}</DialogContentText> : <PageSpinner />}
        </DialogContent>
      )}
    </Dialog>
  );
}
