import type { ClientSearchRow } from '@granary/domain';
import { Avatar, Box, Link, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../../lib/i18n/t';
import type { GridColumn } from '../../../../lib/ui/grid/grid-columns';
import { initials } from '../client-initials';
import { defaultCrop, place } from './client-rows';
import { telHref } from '../../../../lib/ui/tel-href';

/** The client list's columns (the grid toolkit's model): name and id, place, phone, e-mail, default crop. */
export function useClientColumns(href: (row: ClientSearchRow) => string): GridColumn<ClientSearchRow>[] {
  const t = useT();
  return useMemo(() => {
    const none = t('crm.clients.none');
    return [
      {
        id: 'client',
        label: t('crm.clients.column.client'),
        render: (row) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main', opacity: 0.9 }} aria-hidden>
              {initials(row.name)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={href(row)}
                underline="hover"
                sx={{ fontWeight: 600, color: 'text.primary' }}
              >
                {row.name}
              </Link>
              {row.extClientId ? (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('crm.clients.extId', { id: row.extClientId })}
                </Typography>
              ) : null}
            </Box>
          </Stack>
        ),
      },
      { id: 'location', label: t('crm.clients.column.location'), render: (row) => place(row) || none },
      {
        id: 'phone',
        label: t('crm.clients.column.phone'),
        cellSx: { whiteSpace: 'nowrap' },
        render: (row) =>
          row.phoneNumber ? (
            <Link href={telHref(row.phoneNumber)} underline="hover" color="inherit">
              {row.phoneNumber}
            </Link>
          ) : (
            none
          ),
      },
      {
        id: 'email',
        label: t('crm.clients.column.email'),
        cellSx: { maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        render: (row) =>
          row.emailAddress ? (
            <Link href={`mailto:${row.emailAddress}`} underline="hover" color="inherit">
              {row.emailAddress}
            </Link>
          ) : (
            none
          ),
      },
      {
        id: 'defaultCrop',
        label: t('crm.clients.column.defaultCrop'),
        cellSx: { whiteSpace: 'nowrap' },
        render: (row) => defaultCrop(row) || none,
      },
    ];
  }, [t, href]);
}
