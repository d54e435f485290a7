import { sharePercent, type FarmerContractRow } from '@granary/domain';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import { Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';
import { Figure, ShareBar } from './figure';
import { PriceStatusChip } from './price-status-chip';
import { SignButton } from './sign-button';
import type { MslFormat } from './use-msl-format';

/** One contract in the farmer's list: what was sold, delivered and remains, and how it is priced. Opens the detail. */
export function ContractCard({
  contract: c,
  fmt,
  onOpen,
  signingUrl = null,
}: {
  contract: FarmerContractRow;
  fmt: MslFormat;
  onOpen: (id: number) => void;
  /** The farmer's open signing link of this contract or its amendment: the card offers Sign. */
  signingUrl?: string | null;
}) {
  const t = useT();
  const delivered = sharePercent(c.delivered, c.contracted);
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', opacity: c.status === 'cancelled' ? 0.7 : 1 }}>
      <CardActionArea
        onClick={() => onOpen(c.id)}
        aria-label={t('msl.contracts.open', { number: c.displayContractId })}
        sx={{ p: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              <T id="msl.summary.cropYear" values={{ crop: c.crop, year: c.cropYear }} /> ·{' '}
              <T id={`msl.type.${c.contractType}`} />
            </Typography>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }} noWrap>
              <T id="msl.contracts.number" values={{ number: c.displayContractId }} />
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {c.market}
            </Typography>
          </Box>
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
            <PriceStatusChip status={c.priceStatus} />
            {c.status !== 'open' ? <Chip size="small" label={<T id={`msl.status.${c.status}`} />} /> : null}
            {c.signed && !signingUrl ? (
              <Chip size="small" color="success" variant="outlined" label={<T id="esign.msl.signed" />} />
            ) : null}
          </Stack>
        </Stack>
        {c.signatureNeeded && !signingUrl ? (
          <Chip
            size="small"
            color="warning"
            icon={<EditNoteOutlinedIcon />}
            label={<T id="msl.contracts.signatureNeeded" />}
            sx={{ mt: 1 }}
          />
        ) : null}
        <Box sx={{ my: 1.5 }}>
          <ShareBar
            percent={delivered}
            color={delivered >= 100 ? 'success' : 'primary'}
            label={t('msl.contracts.progress', {
              delivered: fmt.quantity(c.delivered, c.quantityUnit),
              contracted: fmt.quantity(c.contracted, c.quantityUnit),
            })}
          />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
          <Figure label={<T id="msl.fig.contracted" />} value={fmt.quantity(c.contracted, c.quantityUnit)} />
          <Figure label={<T id="msl.fig.delivered" />} value={fmt.quantity(c.delivered, c.quantityUnit)} />
          <Figure label={<T id="msl.fig.remaining" />} value={fmt.quantity(c.remaining, c.quantityUnit)} />
        </Box>
        <Stack direction="row" sx={{ mt: 1.25, justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            <T
              id="msl.contracts.deliveryWindow"
              values={{ start: fmt.day(c.deliveryStart), end: fmt.day(c.deliveryEnd) }}
            />
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {c.cashPrice !== null ? (
              <T
                id="msl.contracts.cashPrice"
                values={{ price: fmt.plainPrice(c.cashPrice, c.quantityUnit), unit: fmt.unit(c.quantityUnit) }}
              />
            ) : (
              <T id="msl.priceStatus.unpriced" />
            )}
          </Typography>
        </Stack>
      </CardActionArea>
      {signingUrl ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{ px: 2, pb: 2, pt: 0.5, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Chip
            size="small"
            color="warning"
            icon={<EditNoteOutlinedIcon />}
            label={<T id="msl.contracts.signatureNeeded" />}
          />
          <SignButton url={signingUrl} label={t('esign.msl.signContract', { number: c.displayContractId })} />
        </Stack>
      ) : null}
    </Card>
  );
}
