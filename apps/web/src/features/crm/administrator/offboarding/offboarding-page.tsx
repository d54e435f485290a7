import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import {
  OFFBOARDING_INACTIVE_MONTHS,
  hasOpenItems,
  type OffboardingClient,
  type OffboardingUser,
} from '@granary/domain';
import { Alert, Box, Button, Chip, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import { DataGrid } from '../../../../lib/ui/grid/data-grid';
import type { GridColumn } from '../../../../lib/ui/grid/grid-columns';
import { useCrmFormat } from '../../components/use-crm-format';
import { AdminListFrame, AdminListPage } from '../admin-list-frame';
import { offboardingCsvUrl, useOffboardingReport } from './offboarding-api';

/** A count, with its bushels or amount beside it when there is any. */
function countWith(count: number, figure: string | null): ReactNode {
  return count === 0 ? '0' : figure ? `${count} · ${figure}` : String(count);
}

/** Whether something is still open, as a chip. */
function OpenState({ open }: { open: boolean }) {
  return open ? (
    <Chip size="small" color="warning" variant="outlined" label={<T id="crmAdmin.offboarding.somethingOpen" />} />
  ) : (
    <Chip size="small" variant="outlined" color="success" label={<T id="crmAdmin.offboarding.nothingOpen" />} />
  );
}

function useUserColumns(): GridColumn<OffboardingUser>[] {
  const t = useT();
  const f = useCrmFormat();
  return useMemo(
    () => [
      { id: 'name', label: t('crmAdmin.offboarding.col.name'), render: (u) => u.name, cellSx: { fontWeight: 600 } },
      { id: 'email', label: t('crmAdmin.offboarding.col.email'), render: (u) => u.email },
      {
        id: 'lastSignIn',
        label: t('crmAdmin.offboarding.col.lastSignIn'),
        render: (u) => (u.lastSignInAt ? f.instant(u.lastSignInAt) : '—'),
      },
      {
        id: 'contracts',
        label: t('crmAdmin.offboarding.col.openContracts'),
        numeric: true,
        render: (u) => String(u.open.openContracts),
      },
      {
        id: 'offers',
        label: t('crmAdmin.offboarding.col.workingOffers'),
        numeric: true,
        render: (u) => String(u.open.workingOffers),
      },
      {
        id: 'followups',
        label: t('crmAdmin.offboarding.col.followups'),
        numeric: true,
        render: (u) => String(u.open.openFollowups),
      },
      {
        id: 'drafts',
        label: t('crmAdmin.offboarding.col.draftSettlements'),
        numeric: true,
        render: (u) => String(u.open.draftSettlements),
      },
      {
        id: 'state',
        label: t('crmAdmin.offboarding.col.state'),
        render: (u) => <OpenState open={hasOpenItems(u.open)} />,
      },
    ],
    [t, f],
  );
}

function useClientColumns(): GridColumn<OffboardingClient>[] {
  const t = useT();
  const f = useCrmFormat();
  return useMemo(() => {
    const bu = (v: string) => t('crmAdmin.offboarding.bushels', { quantity: f.quantity(v) });
    return [
      { id: 'name', label: t('crmAdmin.offboarding.col.client'), render: (c) => c.name, cellSx: { fontWeight: 600 } },
      { id: 'ext', label: t('crmAdmin.offboarding.col.extId'), render: (c) => c.extClientId ?? '—' },
      {
        id: 'lastActivity',
        label: t('crmAdmin.offboarding.col.lastActivity'),
        render: (c) => (c.lastActivity ? f.day(c.lastActivity) : t('crmAdmin.offboarding.never')),
      },
      {
        id: 'contracts',
        label: t('crmAdmin.offboarding.col.openContracts'),
        numeric: true,
        render: (c) => countWith(c.open.openContracts, bu(c.open.undeliveredBushels)),
      },
      {
        id: 'tickets',
        label: t('crmAdmin.offboarding.col.unappliedTickets'),
        numeric: true,
        render: (c) => countWith(c.open.unappliedTickets, bu(c.open.unappliedBushels)),
      },
      {
        id: 'settlements',
        label: t('crmAdmin.offboarding.col.unpaidSettlements'),
        numeric: true,
        render: (c) => countWith(c.open.unpaidSettlements, f.money(c.open.unpaidSettlementsNet)),
      },
      {
        id: 'payments',
        label: t('crmAdmin.offboarding.col.paymentRequests'),
        numeric: true,
        render: (c) => countWith(c.open.openPaymentRequests, f.money(c.open.openPaymentAmount)),
      },
      {
        id: 'offers',
        label: t('crmAdmin.offboarding.col.workingOffers'),
        numeric: true,
        render: (c) => String(c.open.workingOffers),
      },
      {
        id: 'state',
        label: t('crmAdmin.offboarding.col.state'),
        render: (c) => <OpenState open={hasOpenItems(c.open)} />,
      },
    ];
  }, [t, f]);
}

function ReportSection({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title}>
      <Box sx={{ p: { xs: 2, md: 2.5 }, pb: 1.5 }}>
        <Typography variant="h3" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

function OffboardingBody() {
  const t = useT();
  const f = useCrmFormat();
  const [months, setMonths] = useState(12);
  const report = useOffboardingReport(months);
  const userColumns = useUserColumns();
  const clientColumns = useClientColumns();
  return (
    <AdminListFrame
      spacing={2.5}
      query={report}
      refreshing={report.isFetching}
      help={<T id="crmAdmin.offboarding.explain" />}
      toolbar={
        <>
          <TextField
            select
            size="small"
            label={t('crmAdmin.offboarding.inactiveFor')}
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
            sx={{ minWidth: 200 }}
          >
            {OFFBOARDING_INACTIVE_MONTHS.map((m) => (
              <MenuItem key={m} value={m}>
                <T id="crmAdmin.offboarding.months" values={{ count: m }} />
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            component="a"
            href={offboardingCsvUrl(months)}
            download
            startIcon={<DownloadRoundedIcon />}
            sx={{ whiteSpace: 'nowrap' }}
          >
            <T id="crmAdmin.offboarding.exportCsv" />
          </Button>
        </>
      }
    >
      {(data) => (
        <>
          <ReportSection
            title={t('crmAdmin.offboarding.users.title')}
            subtitle={<T id="crmAdmin.offboarding.users.subtitle" values={{ count: data.users.length }} />}
          >
            {data.users.length === 0 ? (
              <Typography color="text.secondary" sx={{ px: { xs: 2, md: 2.5 }, pb: 2 }}>
                <T id="crmAdmin.offboarding.users.empty" />
              </Typography>
            ) : (
              <DataGrid
                label={t('crmAdmin.offboarding.users.title')}
                columns={userColumns}
                rows={data.users}
                rowKey={(u) => u.userId}
                density="comfortable"
              />
            )}
          </ReportSection>
          <ReportSection
            title={t('crmAdmin.offboarding.clients.title')}
            subtitle={
              <T
                id="crmAdmin.offboarding.clients.subtitle"
                values={{ count: data.clients.length, since: f.day(data.inactiveSince) }}
              />
            }
          >
            {data.clientsTruncated ? (
              <Alert severity="info" sx={{ mx: { xs: 2, md: 2.5 }, mb: 1.5 }}>
                <T id="crmAdmin.offboarding.clients.truncated" values={{ count: data.clients.length }} />
              </Alert>
            ) : null}
            {data.clients.length === 0 ? (
              <Typography color="text.secondary" sx={{ px: { xs: 2, md: 2.5 }, pb: 2 }}>
                <T id="crmAdmin.offboarding.clients.empty" />
              </Typography>
            ) : (
              <DataGrid
                label={t('crmAdmin.offboarding.clients.title')}
                columns={clientColumns}
                rows={data.clients}
                rowKey={(c) => c.clientId}
                density="comfortable"
              />
            )}
          </ReportSection>
        </>
      )}
    </AdminListFrame>
  );
}

/** /crm/administrator/offboarding: clients and users leaving, with what is still open for each (CSV export). */
export function OffboardingPage() {
  const t = useT();
  return (
    <AdminListPage section="offboarding" title={t('crmAdmin.offboarding.title')}>
      {() => <OffboardingBody />}
    </AdminListPage>
  );
}
