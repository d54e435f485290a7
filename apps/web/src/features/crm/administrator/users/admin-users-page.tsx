import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Box,
  Button,
  InputAdornment,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { AdminUserRow } from '@granary/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../../../lib/routing/route-handle';
import { PageSpinner } from '../../../../lib/ui/page-spinner';
import { TableHeadRow } from '../../../../lib/ui/table-head-row';
import { useDebounced } from '../../../../lib/ui/use-debounced';
import { CrmEmptyState, CrmErrorState, CrmPageFrame } from '../../components/crm-page-frame';
import { AdminSectionGate, AdminTabs } from '../admin-tabs';
import { AddUserDialog } from './add-user-dialog';
import { useAdminUsers } from './admin-users-api';
import { PendingInvitations } from './pending-invitations';
import { fullName } from './user-names';
import { AdminRoles, StatusChip } from './user-chips';

const COLUMNS = [
  { id: 'adminUsers.col.name' },
  { id: 'adminUsers.col.email' },
  { id: 'adminUsers.col.status' },
  { id: 'adminUsers.col.markets', align: 'right' },
  { id: 'adminUsers.col.adminRoles' },
  { id: 'adminUsers.col.lastSignIn' },
] as const;

function UserCard({ user, to }: { user: AdminUserRow; to: string }) {
  const t = useT();
  const dates = useDates();
  return (
    <Paper variant="outlined" component="li" sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={to} sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
          {fullName(user)}
        </Link>
        <StatusChip status={user.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('adminUsers.markets.count', { count: user.marketsCount })} · <AdminRoles roles={user.adminPermissions} />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('adminUsers.col.lastSignIn')}:{' '}
        {user.lastSignInAt ? dates.relative(user.lastSignInAt) : t('adminUsers.never')}
      </Typography>
    </Paper>
  );
}

function UsersTable({ users }: { users: AdminUserRow[] }) {
  const t = useT();
  const dates = useDates();
  const localized = useLocalizedPath();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const pathOf = (u: AdminUserRow) => localized(`/crm/administrator/users/${u.userId}`);
  if (phone)
    return (
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label={t('adminUsers.table.label')}>
        {users.map((u) => (
          <UserCard key={u.userId} user={u} to={pathOf(u)} />
        ))}
      </Stack>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('adminUsers.table.label')}>
        <TableHeadRow columns={COLUMNS} />
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.userId} hover>
              <TableCell>
                <Link component={RouterLink} to={pathOf(u)} sx={{ fontWeight: 600 }}>
                  {fullName(u)}
                </Link>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{u.email}</TableCell>
              <TableCell>
                <StatusChip status={u.status} />
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {u.marketsCount}
              </TableCell>
              <TableCell>
                <AdminRoles roles={u.adminPermissions} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {u.lastSignInAt ? (
                  <time dateTime={u.lastSignInAt} title={dates.dateTime(u.lastSignInAt)}>
                    {dates.relative(u.lastSignInAt)}
                  </time>
                ) : (
                  t('adminUsers.never')
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function UsersSection() {
  const t = useT();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const [paging, setPaging] = useState<{ page: number; tokens: (string | null)[] }>({ page: 1, tokens: [null] });
  useEffect(() => setPaging({ page: 1, tokens: [null] }), [search]);
  const list = useAdminUsers(search, paging.page, paging.tokens[paging.page - 1] ?? null);
  const data = list.data;
  const next = data?.paginationToken ?? null;
  return (
    <Stack spacing={2.5}>
      <TextField
        type="search"
        size="small"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        label={t('adminUsers.search')}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {data && data.invitations.length > 0 ? <PendingInvitations invitations={data.invitations} /> : null}
      {list.error && !data ? <CrmErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {!data && !list.error ? <PageSpinner /> : null}
      {data && data.users.length === 0 ? (
        <CrmEmptyState title={<T id="adminUsers.empty.title" />} body={<T id="adminUsers.empty.body" />} />
      ) : null}
      {data && data.users.length > 0 ? (
        <Box>
          <UsersTable users={data.users} />
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary">
              {t('adminUsers.total', { count: data.totalCount })}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                disabled={paging.page === 1}
                onClick={() => setPaging((p) => ({ ...p, page: p.page - 1 }))}
              >
                {t('adminUsers.previous')}
              </Button>
              <Button
                size="small"
                disabled={!next}
                onClick={() => setPaging((p) => ({ page: p.page + 1, tokens: [...p.tokens.slice(0, p.page), next] }))}
              >
                {t('adminUsers.next')}
              </Button>
            </Stack>
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

/** /crm/administrator/users: the partner's users, searchable, their pending invitations, and "Add user". */
export function AdminUsersPage() {
  const t = useT();
  const [adding, setAdding] = useState(false);
  return (
    <AdminSectionGate section="users">
      <CrmPageFrame
        title={t('adminUsers.title')}
        actions={() => (
          <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setAdding(true)}>
            {t('adminUsers.add')}
          </Button>
        )}
      >
        {(context) => (
          <>
            <AdminTabs />
            <UsersSection />
            <AddUserDialog open={adding} platformId={context.platformId} onClose={() => setAdding(false)} />
          </>
        )}
      </CrmPageFrame>
    </AdminSectionGate>
  );
}
