import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import type { CrmMarketRow } from '@granary/domain';
import type { Ref } from 'react';
import { IconButton, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import { useT } from '../../../../lib/i18n/t';
import { MarketSelector } from '../../components/market-selector';

/** The search box and market of the client list, with a line that says what the list shows (read out as it changes). */
export function ClientSearchBox({
  searchRef,
  text,
  onText,
  markets,
  marketId,
  onSelectMarket,
  status,
}: {
  /** The search field (`/` focuses it). */
  searchRef?: Ref<HTMLDivElement>;
  text: string;
  onText: (text: string) => void;
  markets: CrmMarketRow[];
  marketId: number;
  onSelectMarket: (id: number) => void;
  /** What the list shows; before the first answer, how to search. */
  status: string;
}) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          ref={searchRef}
          type="search"
          value={text}
          onChange={(event) => onText(event.target.value)}
          label={t('crm.clients.search.label')}
          placeholder={t('crm.clients.search.placeholder')}
          size="small"
          fullWidth
          autoComplete="off"
          slotProps={{
            htmlInput: { maxLength: 200, 'aria-describedby': 'client-search-help' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label={t('crm.clients.search.clear')}
                    onClick={() => onText('')}
                    edge="end"
                  >
                    <ClearRoundedIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <MarketSelector markets={markets} marketId={marketId} onChange={onSelectMarket} />
      </Stack>
      <Typography id="client-search-help" variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        {status}
      </Typography>
    </Paper>
  );
}
