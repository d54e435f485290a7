import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import { MAX_TOTAL_ROWS, PAGE_SIZES, formatNumber } from '@granary/domain';
import { Box, IconButton, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import { useId } from 'react';
import { useT } from '../../../../lib/i18n/t';

export type ListPaginationProps = {
  page: number;
  pageSize: number;
  rowsOnPage: number;
  totalCount: number;
  /** The server's token for page + 1 (null on the last page or past the 10,000th row). */
  nextToken: string | null;
  disabled: boolean;
  onPage: (page: number, token?: string | null) => void;
  onPageSize: (size: number) => void;
  /** Called when the pointer or focus reaches 'next page': the page can be fetched before the click. */
  onNextIntent?: () => void;
};

/** The last page that can be reached: the total is counted (and pages served) up to the 10,000th row. */
export function lastPage(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.min(totalCount, MAX_TOTAL_ROWS) / pageSize));
}

/**
 * Page size (5…100), the rows shown of the total, and paging: next sends page + 1 with the server's token
 * (keyset); previous and first go by page number.
 */
export function ListPagination({
  page,
  pageSize,
  rowsOnPage,
  totalCount,
  nextToken,
  disabled,
  onPage,
  onPageSize,
  onNextIntent,
}: ListPaginationProps) {
  const t = useT();
  const sizeId = useId();
  const pages = lastPage(totalCount, pageSize);
  const first = rowsOnPage === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + rowsOnPage;
  const capped = totalCount >= MAX_TOTAL_ROWS;
  const total = capped ? `${formatNumber(MAX_TOTAL_ROWS)}+` : formatNumber(totalCount);
  const hasNext = page < pages && (nextToken !== null || last < Math.min(totalCount, MAX_TOTAL_ROWS));

  return (
    <Box
      component="nav"
      aria-label={t('crm.lists.pagination')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        px: { xs: 1, sm: 2 },
        py: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={sizeId} variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {t('crm.lists.pageSize')}
        </Typography>
        <TextField
          select
          size="small"
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          variant="standard"
          slotProps={{ select: { labelId: sizeId } }}
          sx={{ '& .MuiSelect-select': { py: 0.25, fontSize: 14 } }}
        >
          {PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size} dense>
              {size}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        aria-live="polite"
      >
        {t('crm.lists.range', { first: formatNumber(first), last: formatNumber(last), total })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Tooltip title={t('crm.lists.firstPage')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('crm.lists.firstPage')}
              disabled={disabled || page <= 1}
              onClick={() => onPage(1)}
            >
              <FirstPageIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('crm.lists.previousPage')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('crm.lists.previousPage')}
              disabled={disabled || page <= 1}
              onClick={() => onPage(page - 1)}
            >
              <ChevronLeftIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Typography
          variant="body2"
          sx={{ minWidth: 88, textAlign: 'center', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        >
          {t('crm.lists.page', { page: formatNumber(page), pages: formatNumber(pages) })}
        </Typography>
        <Tooltip title={t('crm.lists.nextPage')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('crm.lists.nextPage')}
              disabled={disabled || !hasNext}
              onClick={() => onPage(page + 1, nextToken)}
              onMouseEnter={hasNext ? onNextIntent : undefined}
              onFocus={hasNext ? onNextIntent : undefined}
            >
              <ChevronRightIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
