import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import {
  CONTRACT_TYPE_LABELS,
  SIGNER_NAME_MIN,
  formatBasis,
  formatDate,
  formatNumber,
  formatPrice,
  signInUrl,
  type SigningReview,
  type SigningState,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Container,
  FormControlLabel,
  FormHelperText,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { EnrolmentSigningTerms, StructureSigningTerms } from '@granary/domain';
import { useAreaText, useMoneyText } from '../sustainability/sustainability-format';
import { useNavigate, useParams } from 'react-router';
import { isApiError, reasonOf } from '../../../lib/api/api-error';
import { usePartner } from '../../../lib/brand/partner-context';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { priceUnitOf } from '../../../lib/trading/price-units';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { signingPdfUrl, useSignContract, useSigningReview } from './signing-api';

/** The refusals of a sign (details.reason of its 409) that have a sentence of their own. */
const SIGN_REFUSALS = ['signed', 'expired', 'void', 'terms_changed'] as const;

/** The spec's sentence for a refused sign, or null (then the server's message is shown). */
function refusalMessageId(error: unknown): MessageId | null {
  const reason = reasonOf(error);
  return reason && (SIGN_REFUSALS as readonly string[]).includes(reason)
    ? (`esign.refused.${reason}` as MessageId)
    : null;
}

/** The page's column; the shell's header around it carries the partner's brand (routes.ts: header 'signer'). */
function Frame({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      {children}
    </Container>
  );
}

function Term({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
      >
        {value || '—'}
      </Typography>
    </Box>
  );
}

/** The terms the signer reviews: the same figures as the PDF's. */
function TermsSummary({ review }: { review: SigningReview }) {
  const t = useT();
  const dates = useDates();
  const terms = review.terms;
  // The figures as the PDF writes them: the trade's notation with the unit, the basis against the futures month.
  const { notation } = usePriceFormat();
  if (!terms) return null;
  const unit = priceUnitOf(terms.quantityUnit);
  const price = (v: string | null) =>
    v === null ? '' : formatPrice(v, { notation: notation.price, currency: terms.currency, unit, showUnit: true });
  return (
    <Box component="section" aria-label={t('esign.sign.terms')}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {t('esign.sign.terms')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        <Term label={t('esign.term.contract')} value={terms.displayContractId} />
        <Term label={t('esign.term.type')} value={CONTRACT_TYPE_LABELS[terms.contractType]} />
        <Term
          label={t('esign.term.partner')}
          value={terms.direction === 'purchase' ? terms.partnerName : terms.clientName}
        />
        <Term
          label={t('esign.term.client')}
          value={terms.direction === 'purchase' ? terms.clientName : terms.partnerName}
        />
        <Term label={t('esign.term.market')} value={terms.marketName} />
        <Term label={t('esign.term.crop')} value={`${terms.crop} ${terms.cropYear}`} />
        <Term label={t('esign.term.quantity')} value={`${formatNumber(terms.quantity)} ${terms.quantityUnit}`} />
        <Term
          label={t('esign.term.delivery')}
          value={`${dates.day(terms.deliveryStart)} – ${dates.day(terms.deliveryEnd)}`}
        />
        <Term
          label={t('esign.term.futuresMonth')}
          value={terms.optionMonth ? formatDate(`${terms.optionMonth}-01`, 'MMM YYYY') : ''}
        />
        <Term label={t('esign.term.futures')} value={price(terms.futuresPrice)} />
        <Term
          label={t('esign.term.basis')}
          value={
            terms.basis === null
              ? ''
              : formatBasis(terms.basis, {
                  notation: notation.basis,
                  month: terms.optionMonth,
                  currency: terms.currency,
                  unit,
                })
          }
        />
        <Term label={t('esign.term.cash')} value={price(terms.cashPrice)} />
        <Term label={t('esign.term.contractDate')} value={dates.day(terms.contractDate)} />
      </Box>
    </Box>
  );
}

/** A sustainability enrolment's terms (decision 016's enrolment kind): the program, acres and survey answers. */
function EnrolmentSummary({ enrolment }: { enrolment: EnrolmentSigningTerms }) {
  const t = useT();
  const money = useMoneyText();
  const area = useAreaText();
  return (
    <Box component="section" aria-label={t('esign.sign.enrolmentTerms')}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {t('esign.sign.enrolmentTerms')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        <Term label={t('esign.term.program')} value={enrolment.programName} />
        <Term label={t('esign.term.partner')} value={enrolment.partnerName} />
        <Term label={t('esign.term.farm')} value={enrolment.clientName} />
        <Term label={t('esign.term.market')} value={enrolment.marketName} />
        <Term label={t('esign.term.crop')} value={`${enrolment.crop} ${enrolment.cropYear}`} />
        <Term
          label={t('esign.term.premium')}
          value={t(
            enrolment.premiumUnit === 'bushel'
              ? 'sustainability.program.premiumBushel'
              : 'sustainability.program.premiumAcre',
            { premium: money(enrolment.premium) },
          )}
        />
        <Term label={t('esign.term.acres')} value={area(enrolment.acres)} />
        <Term label={t('sustainability.program.practices')} value={enrolment.practices.join(', ')} />
        {enrolment.answers.map((a) => (
          <Term key={a.question} label={a.question} value={a.answer} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * A structure's confirmation (decision 016's structure kind, issue 18): the structure, its futures month, quantity and
 * period, its levels in the partner's notation, the fee, and its rules in words (the PDF's sentences).
 */
function StructureSummary({ structure }: { structure: StructureSigningTerms }) {
  const t = useT();
  const dates = useDates();
  const { notation } = usePriceFormat();
  const price = (v: string) =>
    formatPrice(v, { notation: notation.price, currency: structure.currency, unit: 'bushel', showUnit: true });
  return (
    <Box component="section" aria-label={t('esign.sign.structureTerms')}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {t('esign.sign.structureTerms')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        <Term label={t('esign.term.structure')} value={structure.kindLabel} />
        <Term
          label={t('esign.term.partner')}
          value={structure.side === 'sale' ? structure.partnerName : structure.clientName}
        />
        <Term
          label={t('esign.term.client')}
          value={structure.side === 'sale' ? structure.clientName : structure.partnerName}
        />
        <Term label={t('esign.term.market')} value={structure.marketName} />
        <Term label={t('esign.term.crop')} value={`${structure.crop} ${structure.cropYear}`} />
        <Term
          label={t('esign.term.futuresMonth')}
          value={`${formatDate(`${structure.optionMonth}-01`, 'MMM YYYY')} (${structure.futuresSymbol})`}
        />
        <Term
          label={t('esign.term.quantity')}
          value={t('esign.term.bushels', { quantity: formatNumber(structure.quantity) })}
        />
        <Term label={t('esign.term.period')} value={`${dates.day(structure.start)} – ${dates.day(structure.end)}`} />
        {structure.levels.map((l) => (
          <Term key={l.label} label={l.label} value={price(l.price)} />
        ))}
        <Term label={t('esign.term.fee')} value={price(structure.fee)} />
      </Box>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mt: 2.5, mb: 1 }}>
        {t('esign.term.rules')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
        {structure.rules.map((rule) => (
          <Typography component="li" variant="body2" key={rule}>
            {rule}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** A link that cannot be signed (any more): why, and the signed PDF when there is one. */
function Refused({
  review,
  state,
  ref_,
}: {
  review: SigningReview | null;
  state: Exclude<SigningState, 'open'>;
  ref_: string;
}) {
  const t = useT();
  const dates = useDates();
  return (
    <Alert severity={state === 'signed' ? 'success' : 'warning'} role="status" sx={{ alignItems: 'flex-start' }}>
      <Typography sx={{ fontWeight: 600 }}>{t(`esign.refused.${state}` as MessageId)}</Typography>
      {state === 'signed' && review?.signerName ? (
        <Typography variant="body2">
          {t('esign.refused.signedBy', {
            name: review.signerName,
            when: dates.dateTime(review.signedAt),
          })}
        </Typography>
      ) : null}
      {state === 'signed' ? (
        <Link href={signingPdfUrl(ref_)} target="_blank" rel="noopener" variant="body2">
          {t('esign.viewSigned')}
        </Link>
      ) : null}
    </Alert>
  );
}

function SignForm({ review, reference }: { review: SigningReview; reference: string }) {
  const t = useT();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const sign = useSignContract(reference);
  const [name, setName] = useState(review.suggestedName ?? '');
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const nameError = name.trim().length < SIGNER_NAME_MIN;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameError || !consent) return;
    sign.mutate(
      { name: name.trim(), consent: true },
      { onSuccess: (result) => void navigate(localized(result.redirectTo), { state: { signed: result, reference } }) },
    );
  };
  const error = sign.error;
  const refusal = refusalMessageId(error);
  const submitId = review.structure
    ? 'esign.sign.submitStructure'
    : review.enrolment
      ? 'esign.sign.submitEnrolment'
      : 'esign.sign.submit';
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t(submitId)}>
      <Stack spacing={2}>
        <TextField
          label={t('esign.sign.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 120 } }}
          error={tried && nameError}
          helperText={tried && nameError ? t('esign.sign.nameTooShort') : t('esign.sign.nameHelp')}
        />
        <Box>
          <FormControlLabel
            control={<Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} />}
            label={t(
              review.structure
                ? 'esign.sign.consentStructure'
                : review.enrolment
                  ? 'esign.sign.consentEnrolment'
                  : 'esign.sign.consent',
            )}
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
          />
          {tried && !consent ? <FormHelperText error>{t('esign.sign.consentRequired')}</FormHelperText> : null}
        </Box>
        {error ? (
          <Alert severity="error" role="alert">
            {refusal ? t(refusal) : error.message}
          </Alert>
        ) : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={sign.isPending}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t(sign.isPending ? 'esign.sign.signing' : submitId)}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * The built-in signing page (/profit-center/:esignProvider/sign/:token): the contract's terms and its generated
 * PDF, a typed name and the consent, 'Sign contract'; then on to the contract-signed landing page. A link that
 * expired, was replaced, was already signed or whose terms changed says so.
 */
export function SigningPage() {
  const t = useT();
  const dates = useDates();
  const partner = usePartner();
  const { token = '' } = useParams();
  const review = useSigningReview(token);
  const data = review.data;
  // A contract's number, or an enrolment's program (decision 016's enrolment kind).
  const signingTitle = (d: SigningReview) =>
    d.terms
      ? t('esign.sign.title', { number: d.terms.displayContractId })
      : d.structure
        ? t('esign.sign.structureTitle', { kind: d.structure.kindLabel.toLowerCase() })
        : t('esign.sign.enrolmentTitle', { program: d.enrolment?.programName ?? '' });
  useDocumentTitle([
    data ? signingTitle(data) : t('esign.sign.title', { number: '' }).trim(),
    partner.branding.shortName,
  ]);

  if (review.isPending) {
    return (
      <Frame>
        <PageSpinner />
      </Frame>
    );
  }
  if (review.error || !data) {
    const error = review.error;
    const status = isApiError(error) ? error.status : 0;
    return (
      <Frame>
        <Alert severity="warning" role="status">
          {status === 401 ? (
            <Link href={signInUrl(`${window.location.pathname}${window.location.search}`)}>
              {t('esign.refused.signIn')}
            </Link>
          ) : status === 404 || status === 400 ? (
            t('esign.refused.notFound')
          ) : (
            (error as Error | null)?.message
          )}
        </Alert>
      </Frame>
    );
  }
  const pdfUrl = signingPdfUrl(token);
  return (
    <Frame>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 1 }}>
          {signingTitle(data)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {data.structure
            ? t('esign.sign.introStructure', { partner: data.structure.partnerName })
            : data.enrolment
              ? t('esign.sign.introEnrolment', { partner: data.enrolment.partnerName })
              : t('esign.sign.intro', { partner: data.terms?.partnerName ?? '' })}
        </Typography>
        {data.state !== 'open' ? (
          <Box sx={{ mb: 3 }}>
            <Refused review={data} state={data.state} ref_={token} />
          </Box>
        ) : null}
        {data.structure ? (
          <StructureSummary structure={data.structure} />
        ) : data.enrolment ? (
          <EnrolmentSummary enrolment={data.enrolment} />
        ) : (
          <TermsSummary review={data} />
        )}
        {data.state === 'signed' ? null : (
          <Box sx={{ mt: 3 }}>
            <Link
              href={pdfUrl}
              target="_blank"
              rel="noopener"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              {t(
                data.structure
                  ? 'esign.sign.openStructurePdf'
                  : data.enrolment
                    ? 'esign.sign.openEnrolmentPdf'
                    : 'esign.sign.openPdf',
              )}
              <OpenInNewRoundedIcon fontSize="small" />
            </Link>
            {data.state === 'open' ? (
              <Box
                component="iframe"
                title={t('esign.sign.pdfFrame')}
                src={pdfUrl}
                sx={{
                  display: { xs: 'none', md: 'block' },
                  width: '100%',
                  height: 640,
                  mt: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              />
            ) : null}
          </Box>
        )}
        {data.state === 'open' ? (
          <Box sx={{ mt: 3 }}>
            <SignForm review={data} reference={token} />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
              {t('esign.sign.expires', { when: dates.instant(data.expiresAt) })}
            </Typography>
          </Box>
        ) : null}
      </Paper>
    </Frame>
  );
}
