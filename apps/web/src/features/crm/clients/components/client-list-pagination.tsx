import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import { PAGE_SIZES } from '@granary/domain';
import { IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useT } from '../../../../lib/i18n/t';

/** The foot of the client list: rows per page, which rows of which page, previous and next. */
export function ClientListPagination({
  page,
  pageSize,
  shown,
  totalPages,
  hasNext,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  totalPages: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const t = useT();
  const firstRow = (page - 1) * pageSize + 1;
  return (
    <Stack
      direction="row"
      spacing={{ xs: 0.5, sm: 1 }}
      sx={{
        px: { xs: 1.5, sm: 2 },
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        alignItems: 'center',
        justifyContent: 'flex-end',
      }}
    >
      <TextField
        select
        size="small"
        variant="standard"
        label={t('crm.clients.pageSize')}
        value={pageSize}
        onChange={(event) => onPageSize(Number(event.target.value))}
        sx={{ minWidth: { xs: 84, sm: 110 }, mr: { sm: 2 } }}
      >
        {PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ flexGrow: { xs: 1, sm: 0 }, textAlign: 'right', whiteSpace: 'nowrap' }}
      >
        {t('crm.clients.range', { from: firstRow, to: firstRow + shown - 1, page, pages: totalPages })}
      </Typography>
      <Tooltip title={t('crm.clients.previousPage')}>
        <span>
          <IconButton aria-label={t('crm.clients.previousPage')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeftRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('crm.clients.nextPage')}>
        <span>
          <IconButton aria-label={t('crm.clients.nextPage')} disabled={!hasNext} onClick={() => onPage(page + 1)}>
            <ChevronRightRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
