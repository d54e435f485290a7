import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PriceChangeOutlinedIcon from '@mui/icons-material/PriceChangeOutlined';
import {
  MAX_TOTAL_ROWS,
  TASK_LIST_STATUSES,
  canUseView,
  type ContractView,
  type CrmMarketRow,
  type MerchandisingBootstrap,
  type TaskListStatus,
} from '@granary/domain';
import { Box, CardActionArea, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePartner } from '../../../../lib/brand/partner-context';
import { T, useT } from '../../../../lib/i18n/t';
import { useCrmFormat } from '../../components/use-crm-format';
import { useTaskList } from '../api/task-list';
import { PanelError } from './dashboard-panel';

/** The contract view each task-list count opens (docs/api/crm.md 'Dashboard'; delivery_needed has no view of its own). */
const TASK_VIEWS: Readonly<Record<TaskListStatus, ContractView>> = {
  signature_needed: 'get_signatures',
  pricing_needed: 'needs_pricing',
  delivery_needed: 'delinquent',
};

const TASK_LOOK: Readonly<Record<TaskListStatus, { icon: ReactNode; color: 'info' | 'warning' | 'error' }>> = {
  signature_needed: { icon: <DrawOutlinedIcon />, color: 'info' },
  pricing_needed: { icon: <PriceChangeOutlinedIcon />, color: 'warning' },
  delivery_needed: { icon: <LocalShippingOutlinedIcon />, color: 'error' },
};

/** The contract list of a task's view at the market. */
function taskListHref(status: TaskListStatus, marketId: number): string {
  const params = new URLSearchParams({ predefinedFilter: TASK_VIEWS[status], market_id: String(marketId) });
  return `/crm/contracts?${params.toString()}`;
}

/** Whether the user may open the view's list at the market (its tab's entitlement, section 6). */
function canOpenView(
  view: ContractView,
  market: CrmMarketRow,
  bootstrap: MerchandisingBootstrap,
  brand: string,
): boolean {
  return canUseView(
    {
      brand,
      marketPermissions: market.userPermissions,
      partnerHasCrm: bootstrap.partnerHasCrm,
      structuredProductAccess: bootstrap.structuredProductAccess,
      marketSustainabilityEnabled: market.sustainabilityEnabled,
    },
    view,
  );
}

function TaskTile({ status, count, href }: { status: TaskListStatus; count: number | null; href: string | null }) {
  const t = useT();
  const fmt = useCrmFormat();
  const look = TASK_LOOK[status];
  const label = t(`crm.dashboard.tasks.${status}`);
  const shown = count === null ? '' : `${fmt.quantity(count)}${count >= MAX_TOTAL_ROWS ? '+' : ''}`;
  const helpId = `crm-dashboard-task-help-${status}`;
  // A row on a phone (icon, label and help, count), a card from 600 px (label, count, help, link).
  const body = (
    <Box
      sx={{
        p: { xs: 2, sm: 2.5 },
        height: '100%',
        display: 'grid',
        columnGap: 1.5,
        rowGap: { xs: 0.25, sm: 1.25 },
        alignItems: 'center',
        gridTemplateColumns: { xs: '40px minmax(0, 1fr) auto', sm: '40px minmax(0, 1fr)' },
        gridTemplateRows: { sm: 'auto auto 1fr auto' },
        gridTemplateAreas: {
          xs: '"icon label count" "icon help count"',
          sm: '"icon label" "count count" "help help" "cta cta"',
        },
      }}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          gridArea: 'icon',
          alignSelf: { xs: 'start', sm: 'center' },
          width: 40,
          height: 40,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          color: theme.palette[look.color].dark,
          bgcolor: alpha(theme.palette[look.color].main, 0.12),
        })}
      >
        {look.icon}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ gridArea: 'label', fontWeight: 600, lineHeight: 1.3 }}>
        {label}
      </Typography>
      <Box
        sx={{
          gridArea: 'count',
          justifySelf: { xs: 'end', sm: 'start' },
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
        }}
      >
        {count === null ? (
          <Skeleton variant="text" width={64} sx={{ fontSize: '2.25rem' }} />
        ) : (
          <Typography
            component="p"
            data-testid={`task-count-${status}`}
            sx={{
              fontSize: { xs: '1.75rem', sm: '2.25rem' },
              fontWeight: 700,
              lineHeight: 1.1,
              letterSpacing: '-0.02em',
              fontVariantNumeric: 'tabular-nums',
              color: count === 0 ? 'text.secondary' : 'text.primary',
            }}
          >
            {shown}
          </Typography>
        )}
        {href ? (
          <ChevronRightIcon
            aria-hidden
            sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', mr: -0.75 }}
          />
        ) : null}
      </Box>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ gridArea: 'help', alignSelf: 'start' }}>
        <T id={`crm.dashboard.tasks.${status}.help`} />
        {!href && count !== null ? (
          <Box component="span" sx={{ display: 'block', mt: 0.5, fontStyle: 'italic' }}>
            <T id="crm.dashboard.tasks.noAccess" />
          </Box>
        ) : null}
      </Typography>
      {href ? (
        <Stack
          direction="row"
          spacing={0.5}
          aria-hidden
          sx={{
            gridArea: 'cta',
            display: { xs: 'none', sm: 'flex' },
            alignItems: 'center',
            color: 'primary.main',
            fontWeight: 600,
            fontSize: '0.875rem',
          }}
        >
          <span>{t('crm.dashboard.tasks.open')}</span>
          <ArrowForwardIcon sx={{ fontSize: 18 }} />
        </Stack>
      ) : null}
    </Box>
  );
  return (
    <Paper
      variant="outlined"
      sx={{
        height: '100%',
        transition: 'border-color 120ms, box-shadow 120ms',
        '&:hover': href ? { borderColor: 'primary.main', boxShadow: 2 } : {},
      }}
    >
      {href && count !== null ? (
        <CardActionArea
          component={Link}
          to={href}
          aria-label={t('crm.dashboard.tasks.openLabel', { label, count: shown })}
          aria-describedby={helpId}
          sx={{ height: '100%', borderRadius: 'inherit' }}
        >
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Paper>
  );
}

/** The task list: the market's contracts needing a signature, pricing or delivery, each count opening its list. */
export function TaskListPanel({
  platformId,
  market,
  bootstrap,
}: {
  platformId: number;
  market: CrmMarketRow;
  bootstrap: MerchandisingBootstrap;
}) {
  const partner = usePartner();
  const fmt = useCrmFormat();
  const query = useTaskList(platformId, market.id);
  return (
    <Box component="section" aria-labelledby="crm-dashboard-tasks-heading">
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id="crm-dashboard-tasks-heading" variant="h4" component="h2">
          <T id="crm.dashboard.tasks.title" />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {query.data ? (
            <T id="crm.dashboard.tasks.subtitleAsOf" values={{ date: fmt.day(query.data.today) }} />
          ) : (
            <T id="crm.dashboard.tasks.subtitle" />
          )}
        </Typography>
      </Stack>
      {query.isError ? (
        <Paper variant="outlined" sx={{ pt: 2.5 }}>
          <PanelError
            message={<T id="crm.dashboard.tasks.failed" />}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </Paper>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 1.5, sm: 2 },
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {TASK_LIST_STATUSES.map((status) => (
            <TaskTile
              key={status}
              status={status}
              count={query.data ? query.data.counts[status] : null}
              href={
                canOpenView(TASK_VIEWS[status], market, bootstrap, partner.branding.shortName)
                  ? taskListHref(status, market.id)
                  : null
              }
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
