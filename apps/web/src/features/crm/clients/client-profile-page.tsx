import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import { canViewClientProfile, cropById, findCrop, type Crop, type CrmMarketRow } from '@granary/domain';
import { Box, Button, Container, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
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
import { useClientProfile } from './api/client-profile';
import { ProfileBody } from './components/profile-body';
import { NewContractDialog } from '../contract-writing/new-contract-dialog';

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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Button component={RouterLink} to={backHref} startIcon={<ArrowBackRoundedIcon />} size="small" sx={{ ml: -1 }}>
          <T id="crm.client.back" />
        </Button>
        {profile && clientId !== null && !profileQuery.error ? (
          <NewContractForClient
            markets={allMarkets ?? []}
            marketId={marketId}
            client={{ id: clientId, name: profile.summary.clientName }}
            cropId={profile.crop.id}
            cropYear={profile.cropYear}
          />
        ) : null}
      </Box>
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

/** "New contract" for this client (issue 14): the client, market, crop and crop year filled in. */
function NewContractForClient({
  markets,
  marketId,
  client,
  cropId,
  cropYear,
}: {
  markets: readonly CrmMarketRow[];
  marketId: number | null;
  client: { id: number; name: string };
  cropId: number;
  cropYear: number;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!markets.some((m) => m.entitlements.includes('grain-buying-contracts'))) return null;
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<AddRoundedIcon />}
        sx={{ ml: 'auto' }}
        onClick={() => setOpen(true)}
      >
        {t('crm.write.new')}
      </Button>
      <NewContractDialog
        open={open}
        onClose={() => setOpen(false)}
        markets={markets}
        marketId={marketId}
        prefill={{ clientId: client.id, clientName: client.name, cropId, cropYear: String(cropYear) }}
      />
    </>
  );
}
