import { Chip, Link, Stack, Typography } from '@mui/material';
import { STAFF_AREA_PERMISSIONS } from '@granary/domain';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { T, useT } from '../../lib/i18n/t';
import { useDates } from '../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { DataGrid } from '../../lib/ui/grid/data-grid';
import type { GridColumn } from '../../lib/ui/grid/grid-columns';
import { AdminFrame } from './admin-frame';
import { AdminListBody, AdminSearchBox, useSearchPaging } from './admin-list';
import { AccountStatusChip, personName } from './account-status';
import { useStaffUsers, type UsersPage } from './staff-admin-api';

type Row = UsersPage['users'][number];

/** /admin/users: every user of the platform, searched by name, e-mail, phone, enterprise or user id, paged. */
export function StaffUsersPage() {
  const t = useT();
  const dates = useDates();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const paging = useSearchPaging();
  const list = useStaffUsers(paging.search, paging.page, paging.token);
  const pathOf = (row: Row) => localized(`/admin/users/${row.id}`);
  const columns = useMemo<GridColumn<Row>[]>(
    () => [
      {
        id: 'name',
        label: t('staffAdmin.col.name'),
        render: (row) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link component={RouterLink} to={localized(`/admin/users/${row.id}`)} sx={{ fontWeight: 600 }}>
              {personName(row) ?? t('staffAdmin.unnamed')}
            </Link>
            {row.isStaff ? <Chip size="small" label={t('staffAdmin.staffBadge')} /> : null}
          </Stack>
        ),
      },
      {
        id: 'email',
        label: t('staffAdmin.col.email'),
        render: (row) => row.email,
        cellSx: { overflowWrap: 'anywhere' },
      },
      { id: 'phone', label: t('staffAdmin.col.phone'), render: (row) => row.phoneNumber ?? '—' },
      {
        id: 'enterprises',
        label: t('staffAdmin.col.enterprises'),
        render: (row) => (row.enterpriseNames.length > 0 ? row.enterpriseNames.join(', ') : '—'),
        cellSx: { maxWidth: 260 },
      },
      // On a phone the card shows the status at its top right (cardAside).
      {
        id: 'status',
        label: t('staffAdmin.col.status'),
        cardHidden: true,
        render: (row) => <AccountStatusChip status={row.status} />,
      },
      {
        id: 'lastSignIn',
        label: t('staffAdmin.col.lastSignIn'),
        render: (row) =>
          row.lastLoginAt ? (
            <time dateTime={row.lastLoginAt} title={dates.dateTime(row.lastLoginAt)}>
              {dates.relative(row.lastLoginAt)}
            </time>
          ) : (
            t('staffAdmin.never')
          ),
      },
      { id: 'id', label: t('staffAdmin.col.id'), numeric: true, render: (row) => row.legacyId },
    ],
    [t, dates, localized],
  );
  return (
    <AdminFrame title={t('staffAdmin.nav.users')} permission={STAFF_AREA_PERMISSIONS.users}>
      <Stack spacing={2.5}>
        <Typography variant="h1">
          <T id="staffAdmin.nav.users" />
        </Typography>
        <AdminSearchBox paging={paging} label={t('staffAdmin.users.search')} help={t('staffAdmin.users.searchHelp')} />
        <AdminListBody
          paging={paging}
          query={list}
          empty={{ title: <T id="staffAdmin.users.empty.title" />, body: <T id="staffAdmin.users.empty.body" /> }}
          total={(count) => t('staffAdmin.users.total', { count })}
        >
          <DataGrid
            label={t('staffAdmin.users.table')}
            columns={columns}
            rows={list.data?.users ?? []}
            rowKey={(row) => row.id}
            density="comfortable"
            onOpen={(row) => void navigate(pathOf(row))}
            cardAside={(row) => <AccountStatusChip status={row.status} />}
          />
        </AdminListBody>
      </Stack>
    </AdminFrame>
  );
}
