import { Button, Stack, Typography } from '@mui/material';
import { STAFF_AREA_PERMISSIONS, holdsAdminPermission } from '@granary/domain';
import { useMemo, useState } from 'react';
import { useBootstrap } from '../../lib/api/bootstrap';
import { T, useT } from '../../lib/i18n/t';
import { DataGrid } from '../../lib/ui/grid/data-grid';
import type { GridColumn } from '../../lib/ui/grid/grid-columns';
import { AdminFrame } from './admin-frame';
import { AdminListBody, AdminSearchBox, useSearchPaging } from './admin-list';
import { SelectiveFeaturesDialog } from './selective-features-dialog';
import { useStaffEnterprises, type EnterprisesPage } from './staff-admin-api';

type Row = EnterprisesPage['enterprises'][number];

/**
 * /admin/enterprises: the farm businesses of the platform (enterprises/admin-list), searched and paged; staff limited
 * to some partners see those partners' clients' only (the server's answer).
 */
export function StaffEnterprisesPage() {
  const t = useT();
  const paging = useSearchPaging();
  const list = useStaffEnterprises(paging.search, paging.page, paging.token);
  const { data } = useBootstrap();
  const canFeatures = Boolean(data?.user && holdsAdminPermission(data.user, 'selective-features'));
  const [open, setOpen] = useState<Row | null>(null);
  const columns = useMemo<GridColumn<Row>[]>(
    () => [
      { id: 'name', label: t('staffAdmin.col.enterprise'), render: (row) => row.name, cellSx: { fontWeight: 600 } },
      { id: 'owners', label: t('staffAdmin.col.owners'), render: (row) => row.ownerNames.join(', ') || '—' },
      { id: 'members', label: t('staffAdmin.col.members'), numeric: true, render: (row) => row.membersCount },
      { id: 'country', label: t('staffAdmin.col.country'), render: (row) => row.countryCode || '—' },
      { id: 'id', label: t('staffAdmin.col.enterpriseId'), numeric: true, render: (row) => row.id },
      ...(canFeatures
        ? [
            {
              id: 'actions',
              label: t('staffAdmin.features.open'),
              labelHidden: true,
              fixed: true,
              render: (row: Row) => (
                <Button size="small" onClick={() => setOpen(row)}>
                  {t('staffAdmin.features.open')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, canFeatures],
  );
  return (
    <AdminFrame title={t('staffAdmin.nav.enterprises')} permission={STAFF_AREA_PERMISSIONS.users}>
      <Stack spacing={2.5}>
        <Typography variant="h1">
          <T id="staffAdmin.nav.enterprises" />
        </Typography>
        <AdminSearchBox
          paging={paging}
          label={t('staffAdmin.enterprises.search')}
          help={t('staffAdmin.enterprises.searchHelp')}
        />
        <AdminListBody
          paging={paging}
          query={list}
          empty={{
            title: <T id="staffAdmin.enterprises.empty.title" />,
            body: <T id="staffAdmin.enterprises.empty.body" />,
          }}
          total={(count) => t('staffAdmin.enterprises.total', { count })}
        >
          <DataGrid
            label={t('staffAdmin.enterprises.table')}
            columns={columns}
            rows={list.data?.enterprises ?? []}
            rowKey={(row) => row.id}
            density="comfortable"
          />
        </AdminListBody>
      </Stack>
      {open ? <SelectiveFeaturesDialog enterpriseId={open.id} name={open.name} onClose={() => setOpen(null)} /> : null}
    </AdminFrame>
  );
}
