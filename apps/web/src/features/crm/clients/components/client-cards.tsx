import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { Avatar, Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../../lib/i18n/t';
import { initials } from '../client-initials';
import { defaultCrop, place, rowClick, type ClientRowsProps } from './client-rows';

/** The clients as cards (narrow screens): name and id, then place and crop, phone and e-mail where known. */
export function ClientCards({ rows, href, onOpen }: ClientRowsProps) {
  const t = useT();
  return (
    <Box component="ul" aria-label={t('crm.clients.table')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.id}
          onClick={rowClick(row, onOpen)}
          sx={{
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
            cursor: 'pointer',
            '&:last-of-type': { borderBottom: 0 },
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Avatar sx={{ width: 36, height: 36, fontSize: 14, bgcolor: 'primary.main' }} aria-hidden>
              {initials(row.name)}
            </Avatar>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Link
                  component={RouterLink}
                  to={href(row)}
                  underline="hover"
                  sx={{ fontWeight: 600, color: 'text.primary', minWidth: 0 }}
                >
                  {row.name}
                </Link>
                {row.extClientId ? (
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {t('crm.clients.extId', { id: row.extClientId })}
                  </Typography>
                ) : null}
              </Stack>
              <Stack
                spacing={0.25}
                sx={{
                  mt: 0.5,
                  color: 'text.secondary',
                  '& svg': { fontSize: 16, mr: 0.75, verticalAlign: 'text-bottom' },
                }}
              >
                {place(row) ? (
                  <Typography variant="body2">
                    <PlaceOutlinedIcon />
                    {place(row)}
                    {defaultCrop(row) ? t('crm.clients.separated', { value: defaultCrop(row) }) : null}
                  </Typography>
                ) : null}
                {row.phoneNumber ? (
                  <Typography variant="body2">
                    <PhoneOutlinedIcon />
                    <Link href={`tel:${row.phoneNumber}`} color="inherit" underline="hover">
                      {row.phoneNumber}
                    </Link>
                  </Typography>
                ) : null}
                {row.emailAddress ? (
                  <Typography variant="body2" noWrap>
                    <EmailOutlinedIcon />
                    <Link href={`mailto:${row.emailAddress}`} color="inherit" underline="hover">
                      {row.emailAddress}
                    </Link>
                  </Typography>
                ) : null}
              </Stack>
            </Box>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
