import ShowChartRoundedIcon from '@mui/icons-material/ShowChartRounded';
import type { FarmerHome } from '@granary/domain';
import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { HomeCard, useHomeFormat } from './home-card';

/** The home's local bids: at the farmer's first markets, the nearest delivery of each crop they grow. */
export function BidsCard({ bids }: { bids: NonNullable<FarmerHome['bids']> }) {
  const t = useT();
  const fmt = useHomeFormat();
  const localized = useLocalizedPath();
  return (
    <HomeCard
      id="bids"
      title="home.bids.title"
      icon={<ShowChartRoundedIcon />}
      seeAll="/profit-center"
      empty={bids.markets.length === 0 ? 'home.bids.empty' : undefined}
      items={[]}
      wide
    >
      {bids.markets.length > 0 ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {bids.crops.length > 0 ? (
              <T id="home.bids.subtitle" values={{ crops: bids.crops.join(', ') }} />
            ) : (
              <T id="home.bids.subtitleAll" />
            )}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {bids.markets.map((m) => (
              <Box key={m.id} sx={{ minWidth: 0 }}>
                <Typography
                  component={RouterLink}
                  to={localized(`/profit-center/bids-offers/${m.slug}`)}
                  sx={{ fontWeight: 700, color: 'primary.main', textDecoration: 'none', display: 'block', mb: 0.5 }}
                >
                  {m.name}
                </Typography>
                {m.rows.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    <T id="home.bids.noRows" />
                  </Typography>
                ) : (
                  <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
                    {m.rows.map((b) => (
                      <Box
                        component="li"
                        key={b.id}
                        sx={{
                          display: 'flex',
                          justifyContent: 'space-between',
                          gap: 1,
                          borderBottom: 1,
                          borderColor: 'divider',
                          py: 0.5,
                        }}
                      >
                        <Typography variant="body2" sx={{ minWidth: 0 }}>
                          {t('home.bids.line', { crop: b.cropName, name: b.name })}
                        </Typography>
                        <Typography
                          variant="body2"
                          sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right', flex: '0 0 auto' }}
                        >
                          <strong>{fmt.price(b.cashPrice, b.priceUnit === 'tonne' ? 'tonnes' : 'bushels')}</strong>
                          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                            {t('home.bids.basis', { basis: fmt.basis(b.basis, b.futuresMonth) })}
                          </Box>
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                )}
              </Box>
            ))}
          </Box>
        </>
      ) : null}
    </HomeCard>
  );
}
