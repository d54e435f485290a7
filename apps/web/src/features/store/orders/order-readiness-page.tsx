import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { Alert, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { useCompleteReadiness, useReadiness } from './orders-api';
import { OrdersPage, PageTitle, useFormatDay, useLabel } from './order-parts';

/** /direct/order-readiness: what the buyer's open orders still need from them (one action per order and section). */
export function OrderReadinessPage() {
  const t = useT();
  const partner = usePartner();
  const { href } = useStoreLocale();
  const day = useFormatDay();
  const label = useLabel();
  const readiness = useReadiness();
  const complete = useCompleteReadiness();
  useDocumentTitle([t('orders.readiness.title'), partner.displayName]);
  const actions = readiness.data?.actions ?? [];
  const pending = actions.filter((a) => a.completedAt === null);

  return (
    <OrdersPage>
      <PageTitle title={<T id="orders.readiness.title" />} subtitle={<T id="orders.readiness.subtitle" />} />
      {complete.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {complete.error.message}
        </Alert>
      ) : null}
      {!readiness.data ? (
        <StoreQueryState
          error={readiness.error}
          isPending={readiness.isPending}
          onRetry={() => void readiness.refetch()}
        />
      ) : actions.length === 0 || pending.length === 0 ? (
        <Alert severity="success" icon={<CheckCircleRoundedIcon />} sx={{ mb: 2 }}>
          <T id="orders.readiness.empty" />
        </Alert>
      ) : null}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {actions.map((a) => (
          <Paper
            component="li"
            key={`${a.orderId}/${a.section}`}
            variant="outlined"
            sx={{ p: { xs: 1.5, md: 2 }, opacity: a.completedAt ? 0.75 : 1 }}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                  <Chip size="small" label={label(`orders.readiness.section.${a.section}`, a.section)} />
                  <Link
                    component={RouterLink}
                    to={href(`/direct/order-history-details/${a.orderId}`)}
                    variant="body2"
                    sx={{ fontWeight: 600 }}
                  >
                    <T id="orders.readiness.order" values={{ number: a.orderNumber }} />
                  </Link>
                </Stack>
                <Typography sx={{ mt: 0.75 }}>{label(`orders.readiness.action.${a.action}`, a.action)}</Typography>
              </Box>
              {a.completedAt ? (
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ alignItems: 'center', color: 'success.main', whiteSpace: 'nowrap' }}
                >
                  <CheckCircleRoundedIcon fontSize="small" />
                  <Typography variant="body2">
                    <T id="orders.readiness.completedOn" values={{ date: day(a.completedAt) }} />
                  </Typography>
                </Stack>
              ) : (
                <Button
                  variant="outlined"
                  disabled={complete.isPending}
                  onClick={() => complete.mutate({ orderId: a.orderId, section: a.section })}
                  aria-label={`${t('orders.readiness.complete')}: ${label(`orders.readiness.section.${a.section}`, a.section)}, ${a.orderNumber}`}
                  sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
                >
                  <T id="orders.readiness.complete" />
                </Button>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </OrdersPage>
  );
}
