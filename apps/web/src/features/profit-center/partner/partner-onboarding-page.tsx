import {
  PARTNER_ONBOARDING_PAGES,
  VERIFICATION_CODE_PATTERN,
  onboardingStep,
  signInUrl,
  type OnboardingChannel,
  type OnboardingInitiateResponse,
  type PartnerOnboarding,
  type PartnerOnboardingPage,
  type SessionContact,
  type WhiteLabelPartner,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { AlreadyLinked, LinkedNotice } from './already-linked';
import { partnerByIntentQueryOptions } from '../../../lib/api/partner-by-intent';
import { usePartner } from '../../../lib/brand/partner-context';
import { useCurrentEnterprise } from '../../../lib/enterprise/current-enterprise';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { inNativeApp } from '../../../lib/native/bridge';
import { LoadErrorAlert } from '../../../lib/ui/page-states';
import { telHref } from '../../../lib/ui/tel-href';
import { usePartnerOnboarding, useSendOnboardingCode, useVerifyOnboardingCode } from './onboarding-api';
import { ResendCode } from './resend-code';

// Partner onboarding (issue 17, platform.md 2.5, decision 060): /profit-center/partner/:intent/:page? and
// /profit-center/partner/:intent?/verify-email. A farmer invited by their elevator finds the elevator's client records
// that carry their e-mail or phone, gets a code sent to the contact on file, and links the record to their farm business.

type Page = PartnerOnboardingPage | 'marketing';

/** The code's state between the page that sends it and the page that takes it (the router's location state). */
type CodeState = OnboardingInitiateResponse & { contactId: number };

const base = (intent: string) => `/profit-center/partner/${encodeURIComponent(intent)}`;

function pageOf(segment: string | undefined, lastSegment: string): Page {
  if (lastSegment === 'verify-email') return 'verify-email';
  if (!segment) return 'landing';
  if ((PARTNER_ONBOARDING_PAGES as readonly string[]).includes(segment)) return segment as PartnerOnboardingPage;
  // get{brand} and get{grain_brand}: the partner's marketing landing.
  if (segment.startsWith('get')) return 'marketing';
  return 'landing';
}

export function PartnerOnboardingPage() {
  const params = useParams();
  const location = useLocation();
  const hostPartner = usePartner();
  const lastSegment = location.pathname.split('/').filter(Boolean).pop() ?? '';
  // '/profit-center/partner/verify-email': the intent left out is the partner of the host.
  const intent = params.intent ?? hostPartner.intent ?? hostPartner.id;
  const page = pageOf(params.page, lastSegment);
  const byIntent = useQuery(partnerByIntentQueryOptions(intent));
  const partner = byIntent.data ?? hostPartner;
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
      <PartnerHeader partner={partner} />
      <PageBody page={page} intent={intent} partner={partner} />
    </Box>
  );
}

function PartnerHeader({ partner }: { partner: WhiteLabelPartner }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ mb: 3, alignItems: 'center' }}>
      <Box aria-hidden sx={{ width: 12, height: 40, borderRadius: 1, bgcolor: partner.theme.primary, flexShrink: 0 }} />
      <Typography variant="overline" sx={{ fontSize: 14, letterSpacing: 1 }}>
        {partner.branding.tradeName}
      </Typography>
    </Stack>
  );
}

function PageBody({ page, intent, partner }: { page: Page; intent: string; partner: WhiteLabelPartner }) {
  const linked = useBootstrap().data?.user.completed_onboarding_steps?.includes(onboardingStep(intent)) === true;
  // A finished step is skipped (platform.md 3.1 completed_onboarding_steps): the grain account is linked already.
  if (linked && (page === 'landing' || page === 'confirm-code' || page === 'verify-email'))
    return <AlreadyLinked partner={partner} />;
  switch (page) {
    case 'app-install':
      return <AppInstall partner={partner} intent={intent} />;
    case 'marketing':
      return <Marketing partner={partner} intent={intent} />;
    case 'update-phone':
      return <UpdatePhone partner={partner} intent={intent} />;
    case 'no-data':
      return <NoData partner={partner} standalone />;
    case 'confirm-code':
    case 'verify-email':
      return (
        <SignedIn intent={intent}>{(data) => <EnterCode intent={intent} partner={partner} data={data} />}</SignedIn>
      );
    default:
      return <Landing intent={intent} partner={partner} />;
  }
}

/** The onboarding state of a signed-in user; a visitor is offered sign-in and signup that come back here. */
function SignedIn({ intent, children }: { intent: string; children: (data: PartnerOnboarding) => ReactNode }) {
  const t = useT();
  const location = useLocation();
  const loggedIn = useBootstrap().data?.user.isLoggedIn ?? false;
  const state = usePartnerOnboarding(intent, loggedIn);
  if (!loggedIn) {
    const back = `${location.pathname}${location.search}`;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          <T id="onboarding.landing.signedOut" />
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" component={RouterLink} to={signInUrl(back)}>
            <T id="onboarding.landing.signIn" />
          </Button>
          <Button variant="outlined" component={RouterLink} to={`/signup?redirect=${encodeURIComponent(back)}`}>
            <T id="onboarding.landing.signUp" />
          </Button>
        </Stack>
      </Stack>
    );
  }
  if (state.isPending) return <Skeleton variant="rounded" height={160} />;
  if (state.isError)
    return (
      <LoadErrorAlert
        error={state.error}
        fallback={t('onboarding.loadError')}
        retryLabel={<T id="onboarding.retry" />}
        onRetry={() => void state.refetch()}
      />
    );
  return <>{children(state.data)}</>;
}

function Landing({ intent, partner }: { intent: string; partner: WhiteLabelPartner }) {
  const name = partner.branding.tradeName;
  return (
    <Stack spacing={2.5}>
      <Typography variant="h2" component="h1">
        <T id="onboarding.landing.title" values={{ partner: name }} />
      </Typography>
      <Typography>
        <T id="onboarding.landing.intro" values={{ partner: name }} />
      </Typography>
      <Typography color="text.secondary">
        <T id="onboarding.landing.how" values={{ partner: name }} />
      </Typography>
      <SignedIn intent={intent}>{(data) => <Contacts intent={intent} partner={partner} data={data} />}</SignedIn>
    </Stack>
  );
}

function errorMessage(error: unknown): MessageId | null {
  if (!isApiError(error)) return null;
  switch (error.code) {
    case 'code_invalid':
      return 'onboarding.error.codeInvalid';
    case 'onboarding_code_expired':
    case 'link_invalid':
      return 'onboarding.error.codeExpired';
    case 'legal_entity_linked_elsewhere':
      return 'onboarding.error.linkedElsewhere';
    case 'rate_limited':
      return 'onboarding.error.rateLimited';
    default:
      return null;
  }
}

function ErrorAlert({ error, partner }: { error: unknown; partner: WhiteLabelPartner }) {
  if (!error) return null;
  const id = errorMessage(error);
  return (
    <Alert severity="error" role="alert">
      {id ? (
        <T id={id} values={{ partner: partner.branding.tradeName }} />
      ) : error instanceof Error ? (
        error.message
      ) : null}
    </Alert>
  );
}

function Contacts({ intent, partner, data }: { intent: string; partner: WhiteLabelPartner; data: PartnerOnboarding }) {
  const navigate = useNavigate();
  const send = useSendOnboardingCode();
  const name = partner.branding.tradeName;
  if (data.contacts.length === 0) return <NoData partner={partner} />;
  const linked = data.contacts.some((c) => c.state === 'linked_here');
  const start = (contact: SessionContact, channel: OnboardingChannel) => {
    send.mutate(
      { intent, contactId: contact.contactId, channel },
      {
        onSuccess: (sent) => {
          const state: CodeState = { ...sent, contactId: contact.contactId };
          void navigate(`${base(intent)}/${channel === 'email' ? 'verify-email' : 'confirm-code'}`, { state });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'contact_phone_missing')
            void navigate(`${base(intent)}/update-phone`);
        },
      },
    );
  };
  return (
    <Stack spacing={2}>
      {linked && <LinkedNotice partner={name} />}
      <Typography variant="h4" component="h2">
        <T id="onboarding.landing.found" values={{ partner: name }} />
      </Typography>
      {send.isError && !(isApiError(send.error) && send.error.code === 'contact_phone_missing') && (
        <ErrorAlert error={send.error} partner={partner} />
      )}
      <List disablePadding sx={{ display: 'grid', gap: 1.5 }}>
        {data.contacts.map((contact) => (
          <ListItem key={contact.contactId} disablePadding>
            <Paper
              variant="outlined"
              sx={{ p: 2, width: '100%' }}
              component="section"
              aria-label={contact.legalEntityName}
            >
              <Typography sx={{ fontWeight: 600 }}>{contact.legalEntityName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {contact.email || contact.phone ? (
                  <T
                    id="onboarding.contact.onFile"
                    values={{ details: [contact.email, contact.phone].filter(Boolean).join(' · ') }}
                  />
                ) : (
                  <T id="onboarding.contact.noDetails" />
                )}
              </Typography>
              {contact.state === 'linked_here' && (
                <Chip sx={{ mt: 1 }} color="success" size="small" label={<T id="onboarding.contact.linkedHere" />} />
              )}
              {contact.state === 'linked_elsewhere' && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  <T id="onboarding.contact.linkedElsewhere" values={{ partner: name }} />
                </Typography>
              )}
              {contact.state === 'linkable' && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
                  {contact.email && (
                    <Button variant="contained" disabled={send.isPending} onClick={() => start(contact, 'email')}>
                      <T id="onboarding.contact.byEmail" />
                    </Button>
                  )}
                  <Button
                    variant={contact.email ? 'outlined' : 'contained'}
                    disabled={send.isPending}
                    onClick={() => start(contact, 'sms')}
                  >
                    <T id="onboarding.contact.byText" />
                  </Button>
                </Stack>
              )}
            </Paper>
          </ListItem>
        ))}
      </List>
      <Link component={RouterLink} to={`${base(intent)}/update-phone`} variant="body2">
        <T id="onboarding.contact.phoneMissing" />
      </Link>
    </Stack>
  );
}

const codeFormSchema = z.object({
  code: z.string().regex(VERIFICATION_CODE_PATTERN, 'onboarding.code.format'),
  enterpriseId: z.number().int().positive(),
});

function EnterCode({ intent, partner, data }: { intent: string; partner: WhiteLabelPartner; data: PartnerOnboarding }) {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const current = useCurrentEnterprise();
  const verify = useVerifyOnboardingCode(intent);
  const sent = location.state as CodeState | null;
  const defaultEnterprise = data.enterprises.find((e) => e.id === current?.id)?.id ?? data.enterprises[0]?.id ?? 0;
  const form = useZodForm(codeFormSchema, { defaultValues: { code: '', enterpriseId: defaultEnterprise } });
  if (!sent?.token)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          <T id="onboarding.code.noSession" />
        </Typography>
        <Button variant="contained" component={RouterLink} to={`${base(intent)}/landing`}>
          <T id="onboarding.code.backToStart" />
        </Button>
      </Stack>
    );
  if (data.enterprises.length === 0)
    return (
      <Alert severity="info">
        <T id="onboarding.code.noEnterprise" />
      </Alert>
    );
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync({ token: sent.token, code: values.code, enterpriseId: values.enterpriseId });
      void navigate('/profit-center');
    } catch {
      // The alert below says what went wrong.
    }
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h1">
        <T id={sent.channel === 'email' ? 'onboarding.code.titleEmail' : 'onboarding.code.titleText'} />
      </Typography>
      <Typography>
        <T id="onboarding.code.sent" values={{ sentTo: sent.sentTo }} />
      </Typography>
      <ErrorAlert error={verify.error} partner={partner} />
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          sx={{ display: 'grid', gap: 2, maxWidth: 360 }}
        >
          <FormTextField<z.input<typeof codeFormSchema>>
            name="code"
            label={t('onboarding.code.label')}
            autoComplete="one-time-code"
            inputMode="numeric"
            parse={(typed) => typed.replace(/\D/g, '').slice(0, 6)}
            autoFocus
          />
          {data.enterprises.length > 1 && (
            <TextField
              select
              label={t('onboarding.code.enterprise')}
              value={form.watch('enterpriseId')}
              onChange={(e) => form.setValue('enterpriseId', Number(e.target.value))}
            >
              {data.enterprises.map((e) => (
                <MenuItem key={e.id} value={e.id}>
                  {e.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormSubmitButton>
            <T id="onboarding.code.submit" />
          </FormSubmitButton>
        </Box>
      </FormProvider>
      <ResendCode intent={intent} token={sent.token} partner={partner} ErrorAlert={ErrorAlert} />
    </Stack>
  );
}

function SupportContacts({ partner }: { partner: WhiteLabelPartner }) {
  const b = partner.branding;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="onboarding-support">
      <Typography id="onboarding-support" variant="h4" component="h2" sx={{ mb: 1 }}>
        <T id="onboarding.support.title" values={{ partner: b.tradeName }} />
      </Typography>
      <Typography>
        <T
          id="onboarding.support.email"
          values={{ email: <Link href={`mailto:${b.supportEmail}`}>{b.supportEmail}</Link> }}
        />
      </Typography>
      <Typography>
        <T
          id="onboarding.support.phone"
          values={{ phone: <Link href={telHref(b.supportPhone)}>{b.supportPhone}</Link> }}
        />
      </Typography>
      <Link component={RouterLink} to="/support" variant="body2">
        <T id="onboarding.support.more" />
      </Link>
    </Paper>
  );
}

function NoData({ partner, standalone = false }: { partner: WhiteLabelPartner; standalone?: boolean }) {
  const name = partner.branding.tradeName;
  return (
    <Stack spacing={2}>
      <Typography variant={standalone ? 'h2' : 'h3'} component={standalone ? 'h1' : 'h2'}>
        <T id="onboarding.noData.title" values={{ partner: name }} />
      </Typography>
      <Typography>
        <T id="onboarding.noData.body" values={{ partner: name }} />
      </Typography>
      <SupportContacts partner={partner} />
    </Stack>
  );
}

function UpdatePhone({ partner, intent }: { partner: WhiteLabelPartner; intent: string }) {
  const name = partner.branding.tradeName;
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h1">
        <T id="onboarding.updatePhone.title" />
      </Typography>
      <Typography>
        <T id="onboarding.updatePhone.body" values={{ partner: name }} />
      </Typography>
      <SupportContacts partner={partner} />
      <Box>
        <Button variant="outlined" component={RouterLink} to={`${base(intent)}/landing`}>
          <T id="onboarding.updatePhone.useEmail" />
        </Button>
      </Box>
    </Stack>
  );
}

/** Store badges as plain links (no images from the network); a partner's store addresses come from its assets. */
function AppInstall({ partner, intent }: { partner: WhiteLabelPartner; intent: string }) {
  const brand = partner.branding.shortName;
  const stores: { id: MessageId; href: string | undefined }[] = [
    { id: 'onboarding.appInstall.appStore', href: partner.assets.appStoreUrl },
    { id: 'onboarding.appInstall.googlePlay', href: partner.assets.googlePlayUrl },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h1">
        <T id="onboarding.appInstall.title" values={{ brand }} />
      </Typography>
      {inNativeApp() ? (
        <Alert severity="info">
          <T id="onboarding.appInstall.inApp" />
        </Alert>
      ) : (
        <>
          <Typography>
            <T id="onboarding.appInstall.body" />
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {stores
              .filter((s) => s.href)
              .map((s) => (
                <Button
                  key={s.id}
                  component="a"
                  variant="contained"
                  color="inherit"
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ bgcolor: 'common.black', color: 'common.white', '&:hover': { bgcolor: 'grey.800' } }}
                >
                  <T id={s.id} />
                </Button>
              ))}
          </Stack>
        </>
      )}
      <Box>
        <Button component={RouterLink} to={`${base(intent)}/landing`}>
          <T id="onboarding.appInstall.continueWeb" />
        </Button>
      </Box>
    </Stack>
  );
}

function Marketing({ partner, intent }: { partner: WhiteLabelPartner; intent: string }) {
  const name = partner.branding.tradeName;
  const points: MessageId[] = [
    'onboarding.marketing.point1',
    'onboarding.marketing.point2',
    'onboarding.marketing.point3',
  ];
  return (
    <Stack spacing={2.5}>
      <Typography variant="h2" component="h1">
        <T id="onboarding.marketing.title" values={{ brand: partner.branding.shortName }} />
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
        {points.map((id) => (
          <Typography component="li" key={id}>
            <T id={id} values={{ partner: name }} />
          </Typography>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" size="large" component={RouterLink} to={`${base(intent)}/landing`}>
          <T id="onboarding.marketing.start" />
        </Button>
        <Button size="large" component={RouterLink} to={`${base(intent)}/app-install`}>
          <T id="onboarding.appInstall.title" values={{ brand: partner.branding.shortName }} />
        </Button>
      </Stack>
    </Stack>
  );
}
