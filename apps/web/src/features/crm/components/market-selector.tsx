import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { marketLabel, type CrmMarketRow } from '@granary/domain';
import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { useT } from '../../../lib/i18n/t';

/** The market picker of the CRM pages: the market's displayName, or else 'city, state' (grain-marketing.md 3 'Market'). */
export function MarketSelector({
  markets,
  marketId,
  onChange,
  size = 'small',
}: {
  markets: readonly CrmMarketRow[];
  marketId: number | null;
  onChange: (marketId: number) => void;
  size?: 'small' | 'medium';
}) {
  const t = useT();
  return (
    <TextField
      select
      size={size}
      label={t('crm.market.label')}
      value={marketId ?? ''}
      onChange={(event) => onChange(Number(event.target.value))}
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
      {markets.map((market) => (
        <MenuItem key={market.id} value={market.id}>
          {marketLabel(market)}
        </MenuItem>
      ))}
    </TextField>
  );
}
