import type { Structure } from '@granary/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { cropLabel, optionMonthLabel, structureKindMessage } from '../../../lib/trading/structure-format';
import { useCrmFormat } from '../components/use-crm-format';

/**
 * Trade a saved quote (issue 18 `trade`): the terms freeze; with a verbal confirmation the structure is live at once,
 * with e-signature it waits for the client's signature (decision 016). The server's refusal shows in the dialog.
 */
export function TradeDialog({
  quote,
  busy,
  error,
  onTrade,
  onClose,
}: {
  quote: Structure;
  busy: boolean;
  error: unknown;
  onTrade: (confirmation: 'esign' | 'verbal') => void;
  onClose: () => void;
}) {
  const t = useT();
  const f = useCrmFormat();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [confirmation, setConfirmation] = useState<'esign' | 'verbal'>('esign');
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <T id="structures.trade.title" />
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {t('structures.trade.summary', {
            client: quote.clientName,
            kind: t(structureKindMessage(quote.kind, quote.side)),
            quantity: f.quantity(quote.quantity),
            crop: cropLabel(quote.cropId),
            month: optionMonthLabel(quote.optionMonth),
          })}
        </Typography>
        <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
          <T id="structures.trade.confirmation" />
        </Typography>
        <RadioGroup
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value as 'esign' | 'verbal')}
          aria-label={t('structures.trade.confirmation')}
        >
          <FormControlLabel value="esign" control={<Radio />} label={t('structures.trade.esign')} />
          <FormControlLabel value="verbal" control={<Radio />} label={t('structures.trade.verbal')} />
        </RadioGroup>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error instanceof Error && error.message ? error.message : t('structures.trade.failed')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <T id="structures.cancel" />
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => onTrade(confirmation)}>
          <T id={busy ? 'structures.trade.busy' : 'structures.trade.submit'} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
