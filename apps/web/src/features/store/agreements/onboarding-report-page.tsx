import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import RadioButtonUncheckedRoundedIcon from '@mui/icons-material/RadioButtonUncheckedRounded';
import { Box, Button, Card, LinearProgress, List, ListItem, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ReadinessItem } from '@granary/domain';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StorePage, StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { useOnboardingReport } from './agreements-api';

function StateIcon({ state }: { state: ReadinessItem['state'] }) {
  const t = useT();
  if (state === 'done') return <CheckCircleRoundedIcon color="success" titleAccess={t('onboarding.state.done')} />;
  if (state === 'attention')
    return <ErrorOutlineRoundedIcon color="warning" titleAccess={t('onboarding.state.attention')} />;
  return <RadioButtonUncheckedRoundedIcon color="disabled" titleAccess={t('onboarding.state.todo')} />;
}

/** The message id of an item's line: its state and, for the licence, which state of licence. */
function detailId(item: ReadinessItem): MessageId {
  if (item.id === 'applicator_licence') {
    const licence = item.detail.licence;
    return licence === 'valid' || licence === 'expiring' || licence === 'expired'
      ? `onboarding.applicator_licence.${licence}`
      : 'onboarding.applicator_licence.none';
  }
  return `onboarding.${item.id}.${item.state === 'done' ? 'done' : 'todo'}`;
}

/** /direct/onboarding/report — the buyer's store readiness checklist, computed on the server from real data. */
export function OnboardingReportPage() {
  const t = useT();
  const { href } = useStoreLocale();
  const report = useOnboardingReport();
  useDocumentTitle([t('onboarding.title')]);
  const r = report.data;

  return (
    <StorePage>
      <Box sx={{ maxWidth: 760, mb: 2.5 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {t('onboarding.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {r?.enterprise
            ? t('onboarding.subtitle', { enterprise: r.enterprise.name })
            : t('onboarding.subtitleGeneric')}
        </Typography>
      </Box>
      {!r ? (
        <StoreQueryState error={report.error} isPending={report.isPending} onRetry={() => void report.refetch()} />
      ) : (
        <Card variant="outlined" sx={{ maxWidth: 820 }}>
          <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2.5, pb: 1.5 }}>
            <Typography sx={{ fontWeight: 700 }}>
              <T id="onboarding.progress" values={{ done: r.done, total: r.total }} />
            </Typography>
            <LinearProgress
              variant="determinate"
              value={r.total ? (r.done / r.total) * 100 : 0}
              sx={{ mt: 1, height: 8, borderRadius: 4 }}
              aria-label={t('onboarding.progressLabel')}
            />
          </Box>
          <List aria-label={t('onboarding.listLabel')} disablePadding>
            {r.items.map((item) => (
              <ListItem
                key={item.id}
                divider
                data-state={item.state}
                aria-label={t(`onboarding.${item.id}.title`)}
                sx={{ px: { xs: 2, sm: 3 }, py: 1.75, alignItems: 'flex-start' }}
              >
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={{ xs: 1, sm: 2 }}
                  sx={{ width: '100%', alignItems: { sm: 'center' } }}
                >
                  <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
                    <Box sx={{ pt: 0.25 }}>
                      <StateIcon state={item.state} />
                    </Box>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 700 }}>{t(`onboarding.${item.id}.title`)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t(detailId(item), { ...item.detail })}
                      </Typography>
                    </Box>
                  </Stack>
                  <Box sx={{ pl: { xs: 4.5, sm: 0 }, flexShrink: 0 }}>
                    <Button
                      component={RouterLink}
                      to={href(item.fixPath)}
                      size="small"
                      variant={item.state === 'done' ? 'text' : 'outlined'}
                      aria-label={`${t(item.state === 'done' ? 'onboarding.review' : 'onboarding.fix')}: ${t(`onboarding.${item.id}.title`)}`}
                    >
                      {t(item.state === 'done' ? 'onboarding.review' : 'onboarding.fix')}
                    </Button>
                  </Box>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </StorePage>
  );
}
