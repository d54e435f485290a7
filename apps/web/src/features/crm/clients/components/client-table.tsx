import {
  Avatar,
  Box,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../../lib/i18n/t';
import { initials } from '../client-initials';
import { defaultCrop, place, rowClick, rowKey, type ClientRowsProps } from './client-rows';

/** The clients as a table (wide screens): name and id, place, phone, e-mail, default crop. */
export function ClientTable({ rows, href, onOpen }: ClientRowsProps) {
  const t = useT();
  const none = t('crm.clients.none');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('crm.clients.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('crm.clients.column.client')}</TableCell>
            <TableCell>{t('crm.clients.column.location')}</TableCell>
            <TableCell>{t('crm.clients.column.phone')}</TableCell>
            <TableCell>{t('crm.clients.column.email')}</TableCell>
            <TableCell>{t('crm.clients.column.defaultCrop')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              hover
              tabIndex={-1}
              onClick={rowClick(row, onOpen)}
              onKeyDown={rowKey(row, onOpen)}
              sx={{ cursor: 'pointer', '& td': { py: 1.25 } }}
            >
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Avatar
                    sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main', opacity: 0.9 }}
                    aria-hidden
                  >
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
              </TableCell>
              <TableCell>{place(row) || none}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.phoneNumber ? (
                  <Link href={`tel:${row.phoneNumber}`} underline="hover" color="inherit">
                    {row.phoneNumber}
                  </Link>
                ) : (
                  none
                )}
              </TableCell>
              <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {row.emailAddress ? (
                  <Link href={`mailto:${row.emailAddress}`} underline="hover" color="inherit">
                    {row.emailAddress}
                  </Link>
                ) : (
                  none
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{defaultCrop(row) || none}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
