import { formatMoney, formatNumber, type NumberValue } from '@granary/domain';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../lib/i18n/messages';
import { useRegion } from '../../lib/i18n/locale';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { priceUnitOf } from '../../lib/trading/price-units';
import { usePriceFormat } from '../../lib/trading/use-price-format';

// A card of the farmer's home (issue 17): its title, a count, 'See all', and its items, each a link to where the
// farmer acts; the empty state says what will appear there. And the home's figures through the domain's formatters.

export type Item = { key: string | number; to: string; primary: ReactNode; secondary?: ReactNode; aside?: ReactNode };

export function HomeCard({
  id,
  title,
  icon,
  count,
  seeAll,
  empty,
  items,
  footer,
  wide,
  children,
}: {
  id: string;
  title: MessageId;
  icon: ReactNode;
  count?: ReactNode;
  seeAll?: string;
  /** What will appear here, said while there are no items (a card with other content passes none). */
  empty?: MessageId | undefined;
  items: readonly Item[];
  footer?: ReactNode;
  wide?: boolean;
  children?: ReactNode;
}) {
  const localized = useLocalizedPath();
  const titleId = `home-${id}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        p: { xs: 2, md: 2.5 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        minWidth: 0,
        gridColumn: wide ? { md: '1 / -1' } : undefined,
      }}
    >
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            flex: '0 0 auto',
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          {icon}
        </Box>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 700, fontSize: 17, flex: 1, minWidth: 0 }}>
          <T id={title} />
        </Typography>
        {count}
        {seeAll ? (
          <Button component={RouterLink} to={localized(seeAll)} size="small" sx={{ flex: '0 0 auto' }}>
            <T id="home.seeAll" />
          </Button>
        ) : null}
      </Stack>
      {children}
      {items.length === 0 ? (
        empty ? (
          <Typography color="text.secondary" variant="body2">
            <T id={empty} />
          </Typography>
        ) : null
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
          {items.map((item) => (
            <Box component="li" key={item.key}>
              <Box
                component={RouterLink}
                to={localized(item.to)}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'center',
                  px: 1.25,
                  py: 1,
                  borderRadius: 1.5,
                  color: 'inherit',
                  textDecoration: 'none',
                  border: 1,
                  borderColor: 'divider',
                  '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, fontSize: 15, overflowWrap: 'anywhere' }}>
                    {item.primary}
                  </Typography>
                  {item.secondary ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {item.secondary}
                    </Typography>
                  ) : null}
                </Box>
                {item.aside ? <Box sx={{ flex: '0 0 auto' }}>{item.aside}</Box> : null}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {footer}
    </Paper>
  );
}

export function useHomeFormat() {
  const t = useT();
  const region = useRegion();
  const prices = usePriceFormat();
  return {
    unit: (u: string) => (u === 'bushels' ? t('home.unit.bushels') : u === 'tonnes' ? t('home.unit.tonnes') : u),
    quantity: (v: NumberValue) => formatNumber(v, { maxFractionDigits: 2 }),
    price: (v: NumberValue, unit = 'bushels') =>
      v === null || v === undefined || v === '' ? '—' : prices.withUnit(v, priceUnitOf(unit)),
    basis: (v: NumberValue, month: string | null) => (v === null ? '—' : prices.basis(v, month)),
    money: (v: NumberValue, currency: string = region.currency) => formatMoney(v, { currency }),
  };
}
