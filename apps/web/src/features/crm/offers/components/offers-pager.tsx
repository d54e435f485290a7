import { Button, Stack, Typography } from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';

/** 'Page 2 · 240 offers' with the previous and next pages, under a list longer than a page. */
export function OffersPager({
  page,
  count,
  canNext,
  onPage,
}: {
  page: number;
  /** How many offers the filter has in all. */
  count: number;
  canNext: boolean;
  onPage: (page: number) => void;
}) {
  const t = useT();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      <Typography variant="body2" color="text.secondary">
        {t('offers.page.of', { page, count })}
      </Typography>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <T id="offers.page.prev" />
      </Button>
      <Button size="small" disabled={!canNext} onClick={() => onPage(page + 1)}>
        <T id="offers.page.next" />
      </Button>
    </Stack>
  );
}
