import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { marketLabel, type CrmMarketRow } from '@granary/domain';
import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { useT } from '../../../../lib/i18n/t';

/** Payments of every market the user decides at (the default), or of one of them. */
export function PaymentMarketFilter({
  markets,
  marketId,
  onChange,
}: {
  markets: readonly CrmMarketRow[];
  marketId: number | null;
  onChange: (marketId: number | null) => void;
}) {
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={t('payments.market')}
      value={marketId ?? 'all'}
      onChange={(event) => onChange(event.target.value === 'all' ? null : Number(event.target.value))}
      sx={{ minWidth: 220 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <PlaceOutlinedIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    >
      <MenuItem value="all">{t('payments.allMarkets')}</MenuItem>
      {markets.map((market) => (
        <MenuItem key={market.id} value={market.id}>
          {marketLabel(market)}
        </MenuItem>
      ))}
    </TextField>
  );
}
