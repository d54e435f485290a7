import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  FormHelperText,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { signInUrl, type AgreementSummary } from '@granary/domain';
import { reasonOf } from '../../../lib/api/api-error';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StorePage, StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { useAgreement, useAgreements, useSignAgreement } from './agreements-api';
import { agreementPath, useAgreementsPath } from './agreements-path';

/** Signed / Not signed / New version to sign. */
function AgreementStatusChip({ status }: { status: AgreementSummary['status'] }) {
  if (status === 'signed')
    return (
      <Chip
        size="small"
        color="success"
        icon={<CheckCircleRoundedIcon />}
        label={<T id="agreements.status.signed" />}
      />
    );
  if (status === 'new_version')
    return <Chip size="small" color="warning" label={<T id="agreements.status.new_version" />} />;
  return <Chip size="small" variant="outlined" label={<T id="agreements.status.not_signed" />} />;
}

function RequiredFor({ a }: { a: AgreementSummary }) {
  const t = useT();
  const parts: string[] = [];
  if (a.requiredFor.everyOrder) parts.push(t('agreements.required.everyOrder'));
  if (a.requiredFor.productKinds.includes('treated_seed')) parts.push(t('agreements.required.treatedSeed'));
  if (a.requiredFor.restrictedUse) parts.push(t('agreements.required.restrictedUse'));
  if (a.requiredFor.paymentTermGroups.includes('financing')) parts.push(t('agreements.required.financing'));
  return (
    <Typography variant="body2" color="text.secondary">
      <T id="agreements.required" values={{ what: parts.join(', ') }} />
    </Typography>
  );
}

function SignInPrompt() {
  const location = useLocation();
  return (
    <Card variant="outlined" sx={{ textAlign: 'center', py: 5, px: 2 }}>
      <Typography sx={{ fontWeight: 700, mb: 2 }}>
        <T id="agreements.signInHint" />
      </Typography>
      <Button variant="contained" component={RouterLink} to={signInUrl(`${location.pathname}${location.search}`)}>
        <T id="agreements.signIn" />
      </Button>
    </Card>
  );
}

/** /direct/{brand}-agreements — the farm business's agreements with their status (platform.md 2.4). */
export function AgreementsPage() {
  const t = useT();
  const dates = useDates();
  const { href } = useStoreLocale();
  const { data: bootstrap } = useBootstrap();
  const signedIn = bootstrap?.user.isLoggedIn === true;
  const list = useAgreements(signedIn);
  useDocumentTitle([t('agreements.title')]);

  return (
    <StorePage>
      <Box sx={{ maxWidth: 760, mb: 2.5 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {t('agreements.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {list.data
            ? t('agreements.subtitle', { enterprise: list.data.enterprise.name })
            : t('agreements.subtitleGeneric')}
        </Typography>
      </Box>
      {!bootstrap?.user.identified ? null : !signedIn ? (
        <SignInPrompt />
      ) : !list.data ? (
        <StoreQueryState error={list.error} isPending={list.isPending} onRetry={() => void list.refetch()} />
      ) : (
        <Stack spacing={2}>
          {list.data.agreements.map((a) => (
            <Card key={a.type} variant="outlined" component="section" aria-labelledby={`agreement-${a.type}`}>
              <CardContent sx={{ pb: 1 }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <Typography
                    id={`agreement-${a.type}`}
                    component="h2"
                    variant="h6"
                    sx={{ fontWeight: 700, fontSize: 18 }}
                  >
                    {a.title}
                  </Typography>
                  <Box sx={{ flexShrink: 0 }}>
                    <AgreementStatusChip status={a.status} />
                  </Box>
                </Stack>
                <Typography sx={{ mt: 0.5 }}>{a.summary}</Typography>
                <Box sx={{ mt: 0.75 }}>
                  <RequiredFor a={a} />
                </Box>
                {a.signature && a.status === 'signed' ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    <T
                      id="agreements.signedBy"
                      values={{
                        name: a.signature.signedName,
                        date: dates.instant(a.signature.signedAt),
                        version: a.signature.version,
                      }}
                    />
                  </Typography>
                ) : null}
              </CardContent>
              <CardActions sx={{ px: 2, pb: 2 }}>
                <Button
                  component={RouterLink}
                  to={href(agreementPath(a.type, list.data.enterprise.publicId, list.data.userId))}
                  variant={a.status === 'signed' ? 'outlined' : 'contained'}
                  aria-label={`${a.status === 'signed' ? t('agreements.view') : t('agreements.reviewAndSign')}: ${a.title}`}
                >
                  {a.status === 'signed' ? t('agreements.view') : t('agreements.reviewAndSign')}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Stack>
      )}
    </StorePage>
  );
}

function SignForm({
  type,
  title,
  enterpriseId,
  enterpriseName,
}: {
  type: string;
  title: string;
  enterpriseId: string;
  enterpriseName: string;
}) {
  const t = useT();
  const sign = useSignAgreement(type);
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [touched, setTouched] = useState(false);
  const reason = reasonOf(sign.error);
  const nameError = (touched && name.trim().length < 2) || reason === 'signed_name_required';
  const consentError = (touched && !consent) || reason === 'consent_required';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (name.trim().length < 2 || !consent) return;
    sign.mutate({ enterpriseId, signedName: name, consent });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('agreements.form.label')}
      sx={{ mt: 3, maxWidth: 560 }}
    >
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('agreements.form.title')}
      </Typography>
      <TextField
        label={t('agreements.form.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        fullWidth
        required
        autoComplete="name"
        error={nameError}
        helperText={nameError ? t('agreements.error.signed_name_required') : t('agreements.form.nameHint')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormControlLabel
        sx={{ mt: 1.5, alignItems: 'flex-start' }}
        control={<Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} sx={{ mt: -0.75 }} />}
        label={t('agreements.form.consent', { title, enterprise: enterpriseName })}
      />
      {consentError ? <FormHelperText error>{t('agreements.error.consent_required')}</FormHelperText> : null}
      {sign.error && !reason ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {sign.error.message}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={sign.isPending}
        sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {t('agreements.form.submit')}
      </Button>
    </Box>
  );
}

/** /direct/agreement/:agreementType/:enterpriseId/:userId — one agreement's text and, for that user, the signing form. */
export function AgreementPage() {
  const t = useT();
  const dates = useDates();
  const { href } = useStoreLocale();
  const { path: listPath } = useAgreementsPath();
  const { agreementType = '', enterpriseId = '', userId = '' } = useParams();
  const { data: bootstrap } = useBootstrap();
  const agreement = useAgreement(agreementType, { enterpriseId, userId });
  const a = agreement.data;
  useDocumentTitle([a?.title ?? t('agreements.title')]);
  const isMe = bootstrap?.user.id === userId;

  return (
    <StorePage>
      <Link
        component={RouterLink}
        to={href(listPath)}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5, fontSize: 14 }}
      >
        <ArrowBackRoundedIcon fontSize="small" />
        {t('agreements.back')}
      </Link>
      {!a ? (
        <StoreQueryState
          error={agreement.error}
          isPending={agreement.isPending}
          onRetry={() => void agreement.refetch()}
        />
      ) : (
        <Box sx={{ maxWidth: 820 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
              {a.title}
            </Typography>
            <Box sx={{ flexShrink: 0 }}>
              <AgreementStatusChip status={a.status} />
            </Box>
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('agreements.detail.meta', { version: a.version, enterprise: a.enterprise.name })}
          </Typography>
          {a.signature && a.status === 'signed' ? (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t('agreements.detail.signed', {
                name: a.signature.signedName,
                user: a.signature.signedBy.name,
                date: dates.instant(a.signature.signedAt),
                version: a.signature.version,
              })}
            </Alert>
          ) : a.signature ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('agreements.detail.olderSigned', {
                version: a.signature.version,
                name: a.signature.signedName,
                date: dates.instant(a.signature.signedAt),
              })}
            </Alert>
          ) : null}
          <Paper
            variant="outlined"
            component="article"
            aria-label={a.title}
            sx={{ mt: 2, p: { xs: 2, sm: 3 }, maxHeight: { sm: 480 }, overflowY: { sm: 'auto' } }}
          >
            {a.paragraphs.map((p, i) => (
              <Typography key={i} sx={{ mb: i === a.paragraphs.length - 1 ? 0 : 1.5, lineHeight: 1.65 }}>
                {`${i + 1}. ${p}`}
              </Typography>
            ))}
          </Paper>
          {a.canSign ? (
            <SignForm
              type={a.type}
              title={a.title}
              enterpriseId={a.enterprise.publicId}
              enterpriseName={a.enterprise.name}
            />
          ) : a.status !== 'signed' ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {isMe ? t('agreements.detail.cannotSign') : t('agreements.detail.readOnly', { user: a.user.name })}
            </Alert>
          ) : null}
        </Box>
      )}
    </StorePage>
  );
}
