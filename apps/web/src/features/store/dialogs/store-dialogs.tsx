import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import {
  MARKETING_SUBSCRIBE_DIALOG_ID,
  isStoreDialogPath,
  splitLocalePrefix,
  storeDialogToShow,
} from '@granary/domain';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useStoreLocale } from '../components/use-store-locale';
import {
  useAcceptTerms,
  useMarkMarketingSeenLocally,
  useMarketingDialogSeen,
  useMarketingSubscribe,
} from './dialogs-api';

function useBrandWords() {
  const partner = usePartner();
  const b = partner.branding;
  return {
    brand: b.shortName || partner.displayName,
    legalName: b.legalName || b.tradeName || b.shortName || partner.displayName,
  };
}

/**
 * The store dialogs of platform.md 2.9, mounted by every store page: the marketing-subscribe dialog first (once, when
 * its experiment flag is on), then the terms-of-service dialog. Neither shows to guests; both are modal but only
 * cover the page — a request already in flight (a checkout call) goes on.
 */
export function StoreDialogs() {
  const { data: bootstrap } = useBootstrap();
  const { pathname } = useLocation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // null: not opened in this visit; 'open': on screen (kept open although it is recorded as seen at once); 'done'.
  const [marketing, setMarketing] = useState<null | 'open' | 'done'>(null);
  const recordSeen = useMarketingDialogSeen().mutate;

  const user = bootstrap?.user;
  const onStorePage = isStoreDialogPath(splitLocalePrefix(pathname).barePath);
  const wanted =
    bootstrap && user && !bootstrap.failed && onStorePage
      ? storeDialogToShow({
          user,
          experiments: bootstrap.experiments,
          seen: marketing !== 'open' && (user.dialogs_seen ?? []).includes(MARKETING_SUBSCRIBE_DIALOG_ID),
          isDesktop,
          mustAcceptTos: user.must_accept_tos === true,
          marketingDone: marketing === 'done',
        })
      : null;

  useEffect(() => {
    if (wanted === 'marketing' && marketing === null) {
      setMarketing('open');
      // 'Once': recorded as soon as it shows, so that it never shows again on any device, however it is left.
      recordSeen();
    }
  }, [wanted, marketing, recordSeen]);

  if (wanted === 'marketing') return <MarketingDialog email={user?.email ?? ''} onDone={() => setMarketing('done')} />;
  if (wanted === 'terms') return <TermsDialog />;
  return null;
}

/** 2.9 marketing-subscribe dialog: subscribe (allowPromotionalMarketing) or not; a confirmation after subscribing. */
function MarketingDialog({ email, onDone }: { email: string; onDone: () => void }) {
  const t = useT();
  const words = useBrandWords();
  const subscribe = useMarketingSubscribe();
  const seen = useMarketingDialogSeen();
  const markSeen = useMarkMarketingSeenLocally();
  const done = subscribe.isSuccess;
  const close = () => {
    if (subscribe.isPending) return;
    if (done) markSeen();
    else seen.mutate();
    onDone();
  };
  return (
    <Dialog open onClose={close} aria-labelledby="store-marketing-title" maxWidth="xs" fullWidth>
      <DialogTitle id="store-marketing-title" sx={{ pr: 6, fontWeight: 700 }}>
        {done ? <T id="storeDialogs.marketing.doneTitle" /> : <T id="storeDialogs.marketing.title" values={words} />}
        <IconButton
          aria-label={t('storeDialogs.marketing.close')}
          onClick={close}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {done ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
            <MarkEmailReadOutlinedIcon color="success" fontSize="large" />
            <Typography>
              <T id="storeDialogs.marketing.doneBody" values={{ ...words, email }} />
            </Typography>
          </Stack>
        ) : (
          <Typography sx={{ lineHeight: 1.6 }}>
            <T id="storeDialogs.marketing.body" />
          </Typography>
        )}
        {subscribe.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            <T id="storeDialogs.marketing.error" />
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        {done ? (
          <Button variant="contained" onClick={close}>
            <T id="storeDialogs.marketing.close" />
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={subscribe.isPending}>
              <T id="storeDialogs.marketing.noThanks" />
            </Button>
            <Button variant="contained" onClick={() => subscribe.mutate()} disabled={subscribe.isPending}>
              <T id="storeDialogs.marketing.subscribe" />
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * 2.9 terms-of-service dialog: the store's terms (a link to /direct/terms-and-conditions, where no dialog opens so
 * that they can be read) and Accept. It cannot be dismissed without accepting (onClose ignores Escape and the backdrop), except by leaving the store.
 */
function TermsDialog() {
  const words = useBrandWords();
  const navigate = useNavigate();
  const { href } = useStoreLocale();
  const accept = useAcceptTerms();
  return (
    <Dialog
      open
      onClose={() => undefined}
      aria-labelledby="store-terms-title"
      aria-describedby="store-terms-intro"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="store-terms-title" sx={{ fontWeight: 700 }}>
        <T id="storeDialogs.terms.title" />
      </DialogTitle>
      <DialogContent>
        <Typography id="store-terms-intro" sx={{ mb: 1.5, lineHeight: 1.6 }}>
          <T id="storeDialogs.terms.intro" values={words} />
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2, lineHeight: 1.6 }}>
          <T id="storeDialogs.terms.summary" values={words} />
        </Typography>
        <Link component={RouterLink} to={href('/direct/terms-and-conditions')} sx={{ fontWeight: 600 }}>
          <T id="storeDialogs.terms.link" />
        </Link>
        {accept.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            <T id="storeDialogs.terms.error" />
          </Alert>
        ) : null}
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary">
            <T id="storeDialogs.terms.notNowHint" />
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => navigate('/dashboard')} disabled={accept.isPending}>
          <T id="storeDialogs.terms.notNow" />
        </Button>
        <Button variant="contained" onClick={() => accept.mutate()} disabled={accept.isPending}>
          <T id="storeDialogs.terms.accept" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
