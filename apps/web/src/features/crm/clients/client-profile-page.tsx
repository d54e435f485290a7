import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import {
  canUseNotes,
  canViewClientProfile,
  cropById,
  findCrop,
  FILTERABLE_CROPS,
  type ClientProfile,
  type Crop,
  type CrmMarketRow,
  type NoteRow,
} from '@granary/domain';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Container,
  Divider,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { useCrmContext } from '../api/markets';
import { CrmEmptyState, CrmErrorState } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { useClientNotes } from './api/client-notes';
import { useClientProfile } from './api/client-profile';
import { ClientChartsPanel } from './components/client-charts';
import { FarmDetails } from './components/farm-details';
import { FollowupsPanel, type FollowupDraft } from './components/followups-panel';
import { HighlightCard } from './components/highlight-card';
import { NotesPanel } from './components/notes-panel';
import { addDaysIso, todayIso, useProfileFormat, type ProfileFormat } from './profile-format';

const profileMarket = (market: CrmMarketRow) => canViewClientProfile(market.userPermissions);

/** The crop of the URL: commodity (a commodity code) or else cropId (grain-marketing.md 2). */
function cropOfParams(params: URLSearchParams): Crop | null {
  const commodity = params.get('commodity');
  if (commodity) {
    const crop = findCrop(commodity);
    if (crop) return crop;
  }
  const cropId = params.get('cropId');
  return cropId && /^\d{1,4}$/.test(cropId) ? cropById(Number(cropId)) : null;
}

function yearOfParams(params: URLSearchParams): string | null {
  const year = params.get('crop_year');
  return year && /^\d{4}$/.test(year) ? year : null;
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** /crm/client/:clientId: one client's profile at a market, for a crop and crop year (URL commodity and crop_year). */
export function ClientProfilePage() {
  const t = useT();
  const partner = usePartner();
  const localized = useLocalizedPath();
  const { clientId: clientIdParam } = useParams();
  const clientId = clientIdParam && /^\d{1,15}$/.test(clientIdParam) ? Number(clientIdParam) : null;
  const [params, setParams] = useSearchParams();
  const context = useCrmContext();
  const allMarkets = context.data?.markets;
  const { marketId, markets } = useSelectedMarket(allMarkets, profileMarket);
  const requestedMarket = allMarkets?.find((market) => String(market.id) === params.get('market_id')) ?? null;
  const deniedMarket = requestedMarket && !profileMarket(requestedMarket) ? requestedMarket : null;

  const urlCrop = cropOfParams(params);
  const urlYear = yearOfParams(params);
  const platformId = context.data?.platformId ?? null;
  const ready = platformId !== null && marketId !== null && clientId !== null && !deniedMarket;
  const profileQuery = useClientProfile(
    ready
      ? {
          platformId,
          marketId,
          clientId,
          crop: urlCrop ? (urlCrop.symbol ?? String(urlCrop.id)) : null,
          cropYear: urlCrop ? urlYear : null,
        }
      : null,
  );
  const profile = profileQuery.data?.profile ?? null;

  // A crop year without a crop (the client has no default commodity): once the client's own crop is known, ask
  // for that crop in the year wanted.
  useEffect(() => {
    if (!urlCrop && urlYear && profile && String(profile.cropYear) !== urlYear) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('cropId', String(profile.crop.id));
          return next;
        },
        { replace: true },
      );
    }
  }, [urlCrop, urlYear, profile, setParams]);

  const title = profile?.summary.clientName ?? t('crm.client.title');
  useDocumentTitle([title, partner.branding.shortName]);

  const selectMarket = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('market_id', String(id));
      next.delete('highlight_id');
      return next;
    });

  const backHref = `${localized('/crm/clients')}${marketId !== null ? `?market_id=${marketId}` : ''}`;

  let body: ReactNode;
  if (context.error) body = <CrmErrorState error={context.error} onRetry={context.refetch} />;
  else if (context.noPartnerEntity) body = <CrmEmptyState title={<T id="crm.noPartnerEntity" />} />;
  else if (!context.data) body = <PageSpinner />;
  else if (clientId === null) body = <NotFound backHref={backHref} />;
  else if (deniedMarket || markets.length === 0 || marketId === null)
    body = (
      <CrmEmptyState
        icon={<LockOutlinedIcon />}
        title={<T id="crm.client.noPermission.title" />}
        body={<T id={markets.length > 0 ? 'crm.client.noPermission.otherMarket' : 'crm.client.noPermission.body'} />}
        action={
          markets.length > 0 ? <MarketSelector markets={markets} marketId={null} onChange={selectMarket} /> : undefined
        }
      />
    );
  else if (profileQuery.error) {
    const status = isApiError(profileQuery.error) ? profileQuery.error.status : 0;
    if (status === 404 || status === 400) body = <NotFound backHref={backHref} />;
    else if (status === 403)
      body = (
        <CrmEmptyState
          icon={<LockOutlinedIcon />}
          title={<T id="crm.client.noPermission.title" />}
          body={<T id="crm.client.noPermission.body" />}
        />
      );
    else body = <CrmErrorState error={profileQuery.error} onRetry={() => void profileQuery.refetch()} />;
  } else if (!profile || !profileQuery.data) body = <PageSpinner />;
  else {
    const market = markets.find((candidate) => candidate.id === marketId)!;
    body = (
      <ProfileBody
        profile={profile}
        etag={profileQuery.data.etag}
        platformId={platformId!}
        market={market}
        markets={markets}
        onSelectMarket={selectMarket}
        refreshing={profileQuery.isPlaceholderData}
      />
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 } }}>
      <Button
        component={RouterLink}
        to={backHref}
        startIcon={<ArrowBackRoundedIcon />}
        size="small"
        sx={{ mb: 1.5, ml: -1 }}
      >
        <T id="crm.client.back" />
      </Button>
      {profile && !profileQuery.error ? null : (
        <Typography variant="h1" component="h1" sx={{ mb: 2.5 }}>
          {title}
        </Typography>
      )}
      {body}
    </Container>
  );
}

function NotFound({ backHref }: { backHref: string }) {
  return (
    <CrmEmptyState
      icon={<PersonSearchOutlinedIcon />}
      title={<T id="crm.client.notFound.title" />}
      body={<T id="crm.client.notFound.body" />}
      action={
        <Button component={RouterLink} to={backHref} variant="contained">
          <T id="crm.client.notFound.action" />
        </Button>
      }
    />
  );
}

/** Crops the picker offers: the filterable ones (section 9), plus the profile's own crop when it is another. */
function cropChoices(profile: ClientProfile): Crop[] {
  const own = cropById(profile.crop.id);
  const list = [...FILTERABLE_CROPS];
  if (own && !list.some((crop) => crop.id === own.id)) list.push(own);
  return list;
}

function yearChoices(profile: ClientProfile): number[] {
  const now = new Date().getFullYear();
  const years = new Set<number>([now + 1, now, now - 1, now - 2, now - 3, profile.cropYear]);
  if (profile.defaultCropYear) years.add(profile.defaultCropYear);
  return [...years].sort((a, b) => b - a);
}

function ProfileBody({
  profile,
  etag,
  platformId,
  market,
  markets,
  onSelectMarket,
  refreshing,
}: {
  profile: ClientProfile;
  etag: string;
  platformId: number;
  market: CrmMarketRow;
  markets: CrmMarketRow[];
  onSelectMarket: (id: number) => void;
  refreshing: boolean;
}) {
  const t = useT();
  const format = useProfileFormat(profile);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [params, setParams] = useSearchParams();
  const highlightParam = params.get('highlight_id');
  const highlightId = highlightParam && /^\d{1,15}$/.test(highlightParam) ? Number(highlightParam) : null;
  const notesAllowed = canUseNotes(market.userPermissions);
  const followupsAllowed = notesAllowed || market.userPermissions.includes('dashboard');
  const notesParams = { platformId, marketId: market.id, clientId: profile.legalEntityId };
  const notes = useClientNotes(notesParams, notesAllowed);
  const noteRows = useMemo(() => notes.data?.pages.flatMap((page) => page.rows) ?? [], [notes.data]);
  const [followupRequest, setFollowupRequest] = useState<FollowupDraft | null>(null);
  const handled = useCallback(() => setFollowupRequest(null), []);
  const cropLabel = t('crm.client.cropYear', { crop: profile.crop.displayName, year: profile.cropYear });

  const pickCrop = (cropId: number) => {
    const crop = cropById(cropId);
    if (!crop) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (crop.symbol) {
        next.set('commodity', crop.symbol);
        next.delete('cropId');
      } else {
        next.set('cropId', String(crop.id));
        next.delete('commodity');
      }
      next.set('crop_year', String(profile.cropYear));
      return next;
    });
  };
  const pickYear = (year: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (!next.get('commodity') && !next.get('cropId')) {
        if (profile.crop.commodity) next.set('commodity', profile.crop.commodity);
        else next.set('cropId', String(profile.crop.id));
      }
      next.set('crop_year', String(year));
      return next;
    });

  const startFollowup = (note: NoteRow) =>
    setFollowupRequest({ noteId: note.id, description: '', dueDate: addDaysIso(todayIso(), 7) });

  const notesReady = !notesAllowed || notes.data !== undefined || notes.isError;
  const highlight = (
    <HighlightCard
      highlightId={notesReady ? highlightId : null}
      notesParams={notesParams}
      notesAllowed={notesAllowed}
      shownInNotes={noteRows.some((row) => row.id === highlightId)}
      format={format}
    />
  );
  const charts = (
    <Box aria-busy={refreshing} sx={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}>
      <ClientChartsPanel charts={profile.charts} format={format} cropLabel={cropLabel} />
    </Box>
  );
  const notesPanel = notesAllowed ? (
    <NotesPanel params={notesParams} format={format} highlightId={highlightId} onFollowup={startFollowup} />
  ) : null;
  const farm = (
    <FarmDetails profile={profile} etag={etag} platformId={platformId} marketId={market.id} format={format} />
  );
  const followupsPanel = followupsAllowed ? (
    <FollowupsPanel
      marketId={market.id}
      clientId={profile.legalEntityId}
      format={format}
      canWrite={notesAllowed}
      notes={noteRows}
      request={followupRequest}
      onRequestHandled={handled}
    />
  ) : null;
  const activity = <ActivityPanel profile={profile} format={format} />;
  const contacts = <ContactsPanel profile={profile} />;

  const contracted = profile.summary.contracted;
  const doubleObligation = Number(contracted.doubleObligation ?? 0) > 0;

  return (
    <Stack spacing={2}>
      <ProfileHeader profile={profile} market={market} />

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
        >
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 3fr) minmax(0, 2fr)', md: '180px 130px' },
            }}
          >
            <TextField
              select
              size="small"
              label={t('crm.client.crop')}
              value={profile.crop.id}
              onChange={(event) => pickCrop(Number(event.target.value))}
            >
              {cropChoices(profile).map((crop) => (
                <MenuItem key={crop.id} value={crop.id}>
                  {crop.displayName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('crm.client.year')}
              value={profile.cropYear}
              onChange={(event) => pickYear(Number(event.target.value))}
            >
              {yearChoices(profile).map((year) => (
                <MenuItem key={year} value={year}>
                  {year}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {markets.length > 1 ? (
            <MarketSelector markets={markets} marketId={market.id} onChange={onSelectMarket} />
          ) : null}
        </Stack>

        <Box
          component="dl"
          aria-label={t('crm.client.contracted.title', { crop: cropLabel })}
          aria-busy={refreshing}
          sx={{
            m: 0,
            mt: 2,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(5, minmax(0, 1fr))',
            },
            '& > :last-child': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
            opacity: refreshing ? 0.6 : 1,
            transition: 'opacity 120ms',
          }}
        >
          <Stat label={t('crm.client.contracted.withCompany')} value={format.quantity(contracted.withCompany)} />
          <Stat label={t('crm.client.contracted.withOther')} value={format.quantity(contracted.withOther)} />
          <Stat
            label={t('crm.client.contracted.doubleObligation')}
            value={format.quantity(contracted.doubleObligation) || t('crm.clients.none')}
            tone={doubleObligation ? 'warning' : undefined}
            icon={doubleObligation ? <WarningAmberRoundedIcon fontSize="small" /> : undefined}
          />
          <Stat
            label={t('crm.client.contracted.remaining')}
            value={format.quantity(contracted.remaining) || t('crm.clients.none')}
          />
          <Stat
            label={t('crm.client.contracted.estimatedProduction')}
            value={format.quantity(contracted.estimatedProduction) || t('crm.clients.none')}
          />
        </Box>
        {contracted.estimatedProduction === null ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            <T id="crm.client.contracted.needsFarm" />
          </Typography>
        ) : null}
      </Paper>

      {highlight}
      {wide ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'minmax(0, 2fr) minmax(320px, 1fr)',
            alignItems: 'start',
          }}
        >
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {charts}
            {notesPanel}
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {farm}
            {followupsPanel}
            {activity}
            {contacts}
          </Stack>
        </Box>
      ) : (
        <>
          {followupsPanel}
          {farm}
          {charts}
          {notesPanel}
          {activity}
          {contacts}
        </>
      )}
    </Stack>
  );
}

function Stat({ label, value, tone, icon }: { label: string; value: string; tone?: 'warning'; icon?: ReactNode }) {
  return (
    <Box
      sx={(theme) => ({
        p: 1.5,
        borderRadius: 2,
        bgcolor: tone === 'warning' ? alpha(theme.palette.warning.main, 0.12) : 'action.hover',
        minWidth: 0,
      })}
    >
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        {icon}
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          mt: 0.25,
          fontWeight: 700,
          fontSize: { xs: '1.05rem', sm: '1.2rem' },
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <Chip
      size="small"
      icon={on ? <CheckCircleRoundedIcon /> : <BlockRoundedIcon />}
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      label={label}
    />
  );
}

/** Links to the client's rows in the contract and delivery lists, for the crop and year shown, where the user may open them. */
function ListLinks({ profile, market }: { profile: ClientProfile; market: CrmMarketRow }) {
  const localized = useLocalizedPath();
  const query = new URLSearchParams({
    market_id: String(market.id),
    client_legal_entity_id: String(profile.legalEntityId),
    crop_year: String(profile.cropYear),
  });
  if (profile.crop.commodity) query.set('commodity', profile.crop.commodity);
  else query.set('cropId', String(profile.crop.id));
  const links = [
    market.entitlements.includes('grain-buying-contracts')
      ? { path: '/crm/contracts', id: 'crm.client.links.contracts' as const, icon: <DescriptionOutlinedIcon /> }
      : null,
    market.entitlements.includes('grain-buying-deliveries')
      ? { path: '/crm/deliveries', id: 'crm.client.links.deliveries' as const, icon: <LocalShippingOutlinedIcon /> }
      : null,
  ].filter((link) => link !== null);
  if (links.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      {links.map((link) => (
        <Button
          key={link.path}
          component={RouterLink}
          to={`${localized(link.path)}?${query.toString()}`}
          variant="outlined"
          size="small"
          startIcon={link.icon}
        >
          <T id={link.id} />
        </Button>
      ))}
    </Stack>
  );
}

function ProfileHeader({ profile, market }: { profile: ClientProfile; market: CrmMarketRow }) {
  const t = useT();
  const { summary } = profile;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          sx={{
            width: { xs: 48, sm: 60 },
            height: { xs: 48, sm: 60 },
            bgcolor: 'primary.main',
            fontSize: { xs: 18, sm: 22 },
            fontWeight: 700,
          }}
          aria-hidden
        >
          {initials(summary.clientName)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h1"
            component="h1"
            sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
          >
            {summary.clientName}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.75, flexWrap: 'wrap', rowGap: 0.75, alignItems: 'center' }}>
            {profile.extClientId ? (
              <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
                {t('crm.clients.extId', { id: profile.extClientId })}
              </Typography>
            ) : null}
            <Flag
              on={summary.flags.eSignEligible}
              label={t(summary.flags.eSignEligible ? 'crm.client.flag.esign' : 'crm.client.flag.noEsign')}
            />
            <Flag
              on={summary.flags.ach}
              label={t(summary.flags.ach ? 'crm.client.flag.ach' : 'crm.client.flag.noAch')}
            />
            {profile.onboardedUsers.length > 0 ? (
              <Chip size="small" variant="outlined" color="primary" label={t('crm.client.onboarded')} />
            ) : null}
          </Stack>
        </Box>
      </Stack>
      <ListLinks profile={profile} market={market} />
    </Stack>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Box>
    </Box>
  );
}

function ActivityPanel({ profile, format }: { profile: ClientProfile; format: ProfileFormat }) {
  const t = useT();
  const { summary } = profile;
  const perUser = summary.lastAccessed.perUser;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="client-activity-title" sx={{ p: 2 }}>
      <Typography id="client-activity-title" variant="h4" component="h2" sx={{ mb: 0.5 }}>
        <T id="crm.client.activity.title" />
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <InfoRow label={t('crm.client.activity.nextFollowup')}>
          {summary.followup ? (
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {t('crm.client.activity.followupLine', {
                date: format.day(summary.followup.dueDate),
                description: summary.followup.description,
              })}
            </Typography>
          ) : (
            <Typography variant="body2" component="span" color="text.secondary">
              {t('crm.client.activity.noFollowup')}
            </Typography>
          )}
        </InfoRow>
        <InfoRow label={t('crm.client.activity.lastFarmVisit')}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
            {summary.lastFarmVisit ? format.day(summary.lastFarmVisit) : t('crm.client.activity.never')}
          </Typography>
        </InfoRow>
        <InfoRow label={t('crm.client.activity.lastAccessed')}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
            {summary.lastAccessed.leLastAccessed
              ? format.dateTime(summary.lastAccessed.leLastAccessed)
              : t('crm.client.activity.never')}
          </Typography>
          {perUser.length > 0 ? (
            <Box
              component="ul"
              aria-label={t('crm.client.activity.byUser')}
              sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}
            >
              {perUser.slice(0, 6).map((access) => (
                <Stack
                  component="li"
                  key={access.userId}
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between' }}
                >
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {access.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {format.instant(access.accessedAt)}
                  </Typography>
                </Stack>
              ))}
            </Box>
          ) : null}
        </InfoRow>
        {profile.onboardedEnterprises.length > 0 || profile.onboardedUsers.length > 0 ? (
          <InfoRow label={t('crm.client.activity.onPlatform')}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {[...profile.onboardedEnterprises, ...profile.onboardedUsers]
                .map((entry) => entry.name)
                .join(t('crm.client.listSeparator'))}
            </Typography>
          </InfoRow>
        ) : null}
        {profile.programEnrollments.length > 0 ? (
          <InfoRow label={t('crm.client.activity.programs')}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {profile.programEnrollments.map((program) => program.name).join(t('crm.client.listSeparator'))}
            </Typography>
          </InfoRow>
        ) : null}
      </Box>
    </Paper>
  );
}

function ContactLine({ icon, href, text }: { icon: ReactNode; href: string; text: string }) {
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', minWidth: 0, color: 'text.secondary', '& svg': { fontSize: 16 } }}
    >
      {icon}
      <Link href={href} underline="hover" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </Link>
    </Stack>
  );
}

function ContactsPanel({ profile }: { profile: ClientProfile }) {
  const t = useT();
  const { summary } = profile;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="client-contacts-title" sx={{ p: 2 }}>
      <Typography id="client-contacts-title" variant="h4" component="h2" sx={{ mb: 1 }}>
        <T id="crm.client.contacts.title" />
      </Typography>
      <Stack spacing={0.5}>
        {summary.phoneNumber ? (
          <ContactLine icon={<PhoneOutlinedIcon />} href={`tel:${summary.phoneNumber}`} text={summary.phoneNumber} />
        ) : null}
        {summary.emailAddress ? (
          <ContactLine
            icon={<EmailOutlinedIcon />}
            href={`mailto:${summary.emailAddress}`}
            text={summary.emailAddress}
          />
        ) : null}
        {!summary.phoneNumber && !summary.emailAddress ? (
          <Typography variant="body2" color="text.secondary">
            <T id="crm.client.contacts.noDirect" />
          </Typography>
        ) : null}
      </Stack>
      {summary.contacts.length > 0 ? (
        <>
          <Divider sx={{ my: 1.5 }} />
          <Stack
            component="ul"
            spacing={1.5}
            aria-label={t('crm.client.contacts.list')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {summary.contacts.map((contact) => (
              <Box component="li" key={contact.id}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {contact.name}
                  </Typography>
                  {contact.role ? (
                    <Typography variant="caption" color="text.secondary">
                      {contact.role}
                    </Typography>
                  ) : null}
                  {contact.id === summary.contactPersonId ? (
                    <Chip size="small" label={t('crm.client.contacts.primary')} color="primary" variant="outlined" />
                  ) : null}
                </Stack>
                {contact.phoneNumber ? (
                  <ContactLine
                    icon={<PhoneOutlinedIcon />}
                    href={`tel:${contact.phoneNumber}`}
                    text={contact.phoneNumber}
                  />
                ) : null}
                {contact.emailAddress ? (
                  <ContactLine
                    icon={<EmailOutlinedIcon />}
                    href={`mailto:${contact.emailAddress}`}
                    text={contact.emailAddress}
                  />
                ) : null}
              </Box>
            ))}
          </Stack>
        </>
      ) : null}
    </Paper>
  );
}
