import EcoOutlinedIcon from '@mui/icons-material/EnergySavingsLeafOutlined';
import type { FarmerSustainability, SustainabilityEnrolment } from '@granary/domain';
import { Box, Button, Card, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState, LoadErrorAlert } from '../../../lib/ui/page-states';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { showToast } from '../../../lib/toast/toast-store';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { SignDialog, SurveyDialog } from './enrol-dialogs';
import { useSustainability, useWithdrawEnrolment } from './sustainability-api';
import { useAreaText, useMoneyText } from './sustainability-format';

type Program = FarmerSustainability['programs'][number];

const STATUS_COLOR = { draft: 'default', sent: 'warning', enrolled: 'success', withdrawn: 'default' } as const;

/**
 * The profit center's sustainability tab (issue 17, decision 059): the programs the farmer's buyers offer as cards
 * (premium, practices, window), each farm business's enrolment and its status, Enrol (the survey), Sign (the typed-name
 * signature) and Withdraw; the enrolled acres per crop and year.
 */
export function SustainabilityTab() {
  const t = useT();
  const query = useSustainability();
  const area = useAreaText();
  if (query.error)
    return (
      <LoadErrorAlert
        error={query.error}
        fallback={t('sustainability.loadFailed')}
        retryLabel={t('sustainability.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <Skeleton variant="rounded" height={320} />;
  const { programs, enrolledAcres } = query.data;
  return (
    <Stack spacing={2} component="section" aria-labelledby="sustainability-title">
      <Box>
        <Typography
          id="sustainability-title"
          variant="h2"
          component="h2"
          sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 0.5 }}
        >
          <T id="sustainability.title" />
        </Typography>
        <Typography color="text.secondary">
          <T id="sustainability.subtitle" />
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="sustainability-acres">
        <Typography id="sustainability-acres" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          <T id="sustainability.enrolledAcres.title" />
        </Typography>
        {enrolledAcres.length === 0 ? (
          <Typography color="text.secondary">
            <T id="sustainability.enrolledAcres.none" />
          </Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {enrolledAcres.map((a) => (
              <Chip
                key={`${a.cropId}-${a.cropYear}`}
                label={t('sustainability.enrolledAcres.row', { crop: a.crop, year: a.cropYear, area: area(a.acres) })}
              />
            ))}
          </Stack>
        )}
      </Paper>
      {programs.length === 0 ? (
        <EmptyState
          icon={<EcoOutlinedIcon />}
          title={<T id="sustainability.emptyTitle" />}
          body={<T id="sustainability.empty" />}
        />
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {programs.map((p) => (
            <ProgramCard key={p.id} program={p} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

function ProgramCard({ program: p }: { program: Program }) {
  const t = useT();
  const dates = useDates();
  const area = useAreaText();
  const money = useMoneyText();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [surveyOpen, setSurveyOpen] = useState(false);
  const [signing, setSigning] = useState<SustainabilityEnrolment | null>(null);
  const active = p.enrolments.filter((e) => e.status === 'sent' || e.status === 'enrolled');
  // A saved draft is continued with its own Continue (the survey opens on it), so no second way in beside it.
  const hasDraft = p.enrolments.some((e) => e.status === 'draft');
  const canEnrol = p.enrolmentOpen && !hasDraft && p.clients.some((c) => !active.some((e) => e.clientId === c.id));
  const titleId = `sustainability-program-${p.id}`;
  return (
    <Card
      variant="outlined"
      component="li"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          <T id="sustainability.program.cropYear" values={{ crop: p.crop, year: p.cropYear, market: p.marketLabel }} />
        </Typography>
        <Typography id={titleId} variant="h6" component="h3">
          {p.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <T id="sustainability.program.buyer" values={{ partner: p.partnerName }} />
        </Typography>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip
          color="primary"
          label={t(
            p.premiumUnit === 'bushel' ? 'sustainability.program.premiumBushel' : 'sustainability.program.premiumAcre',
            {
              premium: money(p.premium),
            },
          )}
        />
        <Typography variant="body2" color="text.secondary">
          {p.enrolmentOpen ? (
            <T
              id="sustainability.program.window"
              values={{ from: dates.day(p.enrolmentOpens), to: dates.day(p.enrolmentCloses) }}
            />
          ) : (
            <T id="sustainability.program.closed" />
          )}
        </Typography>
      </Stack>
      {p.description ? <Typography variant="body2">{p.description}</Typography> : null}
      <Box>
        <Typography variant="subtitle2" component="h4">
          <T id="sustainability.program.practices" />
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {p.practices.map((practice) => (
            <Typography component="li" variant="body2" key={practice}>
              {practice}
            </Typography>
          ))}
        </Box>
        {p.maxAcres ? (
          <Typography variant="caption" color="text.secondary">
            <T id="sustainability.program.maxAcres" values={{ area: area(p.maxAcres) }} />
          </Typography>
        ) : null}
      </Box>
      {p.enrolments.length > 0 ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {p.enrolments.map((e) => (
            <Box
              component="li"
              key={e.id}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2">
                  <T id="sustainability.enrolment.line" values={{ client: e.clientName, area: area(e.acres) }} />
                </Typography>
                {e.status === 'enrolled' && e.signerName && e.signedAt ? (
                  <Typography variant="caption" color="text.secondary">
                    <T
                      id="sustainability.enrolment.signedBy"
                      values={{ name: e.signerName, date: dates.instant(e.signedAt) }}
                    />
                  </Typography>
                ) : null}
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" color={STATUS_COLOR[e.status]} label={t(`sustainability.status.${e.status}`)} />
                <SignActions
                  enrolment={e}
                  programOpen={p.enrolmentOpen}
                  onSign={() => setSigning(e)}
                  onContinue={() => setSurveyOpen(true)}
                />
                {e.status === 'sent' || e.status === 'enrolled' ? (
                  <WithdrawAction enrolment={e} program={p.name} />
                ) : null}
              </Stack>
            </Box>
          ))}
        </Stack>
      ) : null}
      {p.clients.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          <T id="sustainability.program.noClient" />
        </Typography>
      ) : canEnrol ? (
        <Box>
          <Button variant="outlined" onClick={() => setSurveyOpen(true)}>
            <T id={p.enrolments.length > 0 ? 'sustainability.enrolAgain' : 'sustainability.enrol'} />
          </Button>
        </Box>
      ) : null}
      {surveyOpen ? (
        <SurveyDialog
          program={p}
          draft={p.enrolments.find((e) => e.status === 'draft') ?? null}
          onClose={() => setSurveyOpen(false)}
          onSent={(sent) => {
            setSurveyOpen(false);
            if (sent.status === 'draft') {
              showToast({ messageId: 'sustainability.draftSaved', values: { program: p.name } });
              return;
            }
            if (sent.signingUrl) void navigate(localized(sent.signingUrl));
            else setSigning(sent);
          }}
        />
      ) : null}
      {signing ? <SignDialog program={p} enrolment={signing} onClose={() => setSigning(null)} /> : null}
    </Card>
  );
}

/** Withdraw of a sent or signed enrolment: asks first; a refusal is the server's reason in an error toast. */
function WithdrawAction({ enrolment: e, program }: { enrolment: SustainabilityEnrolment; program: string }) {
  const t = useT();
  const area = useAreaText();
  const withdraw = useWithdrawEnrolment();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="small" disabled={withdraw.isPending} onClick={() => setAsking(true)}>
        <T id="sustainability.withdraw" />
      </Button>
      {asking ? (
        <ConfirmDialog
          title={<T id="sustainability.withdrawTitle" values={{ program }} />}
          body={<T id="sustainability.withdrawBody" values={{ client: e.clientName, area: area(e.acres), program }} />}
          confirmLabel={<T id="sustainability.withdraw" />}
          cancelLabel={<T id="sustainability.cancel" />}
          busy={withdraw.isPending}
          onClose={() => setAsking(false)}
          onConfirm={() =>
            withdraw.mutate(e.id, {
              onSuccess: () => {
                setAsking(false);
                showToast({ messageId: 'sustainability.withdrawn', values: { program } });
              },
              onError: (error) =>
                showToast(
                  {
                    text: error instanceof Error && error.message ? error.message : t('sustainability.withdrawFailed'),
                  },
                  { severity: 'error' },
                ),
            })
          }
        />
      ) : null}
    </>
  );
}

/**
 * Sign (the e-sign module's built-in page, decision 016's enrolment kind: the PDF, the typed name, the stamp; the
 * typed-name dialog for a sent enrolment without an open link) and Continue of a saved draft.
 */
function SignActions({
  enrolment: e,
  programOpen,
  onSign,
  onContinue,
}: {
  enrolment: SustainabilityEnrolment;
  programOpen: boolean;
  onSign: () => void;
  onContinue: () => void;
}) {
  const localized = useLocalizedPath();
  return (
    <>
      {e.status === 'sent' && e.signingUrl ? (
        <Button size="small" variant="contained" component={RouterLink} to={localized(e.signingUrl)}>
          <T id="sustainability.sign" />
        </Button>
      ) : e.status === 'sent' ? (
        <Button size="small" variant="contained" onClick={onSign}>
          <T id="sustainability.sign" />
        </Button>
      ) : null}
      {e.status === 'draft' && programOpen ? (
        <Button size="small" variant="outlined" onClick={onContinue}>
          <T id="sustainability.continueDraft" />
        </Button>
      ) : null}
    </>
  );
}
