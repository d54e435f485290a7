import { AREA_UNITS, COUNTRY_CODES } from '@granary/domain';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Link,
  MenuItem,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useController, useFormContext, useWatch, type FieldPath, type FieldPathValue } from 'react-hook-form';
import { usePartner } from '../../../lib/brand/partner-context';
import { FormTextField } from '../../../lib/forms/form-fields';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import type { MessageId } from '../../../lib/i18n/messages';
import {
  AREA_UNIT_LABELS,
  COUNTRY_LABELS,
  HEARD_ABOUT_US,
  MEMBER_TYPE_OPTIONS,
  asksForArea,
  offeredReasons,
  type SignupDraft,
} from '../signup-rules';

const twoColumns = { display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * A signup field that is not a text field (boxes to tick, a choice), bound to the form: its value, its message
 * translated, and the way to change it, which takes the message away as a text field's change does.
 */
function useSignupChoice<K extends FieldPath<SignupDraft>>(name: K) {
  const t = useT();
  const { control, clearErrors } = useFormContext<SignupDraft>();
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message as MessageId | undefined;
  return {
    value: field.value,
    error: message ? t(message) : undefined,
    set: (value: FieldPathValue<SignupDraft, K>) => {
      field.onChange(value);
      clearErrors(name);
    },
  };
}

/** A legal page, opened in a new tab so the half-filled form stays; a click on it does not tick the box. */
function LegalLink({ to, label }: { to: string; label: MessageId }) {
  const localized = useLocalizedPath();
  return (
    <Link
      href={localized(to)}
      target="_blank"
      rel="noopener"
      underline="always"
      onClick={(event) => event.stopPropagation()}
    >
      <T id={label} />
    </Link>
  );
}

/** The terms of use and privacy policy (linked to their pages), to accept. */
function TermsCheckbox() {
  const partner = usePartner();
  const brand = partner.branding.tradeName || partner.displayName;
  const terms = useSignupChoice('acceptLegalTerms');
  return (
    <FormControl error={Boolean(terms.error)} variant="standard">
      <FormControlLabel
        control={<Checkbox checked={terms.value} onChange={(event) => terms.set(event.target.checked)} />}
        label={
          <T
            id={brand ? 'signup.acceptTermsLinked' : 'signup.acceptTermsLinkedNoBrand'}
            values={{
              brand,
              terms: <LegalLink key="terms" to="/terms-of-service" label="signup.termsLink" />,
              privacy: <LegalLink key="privacy" to="/privacy-policy" label="signup.privacyLink" />,
            }}
          />
        }
      />
      {terms.error ? <FormHelperText>{terms.error}</FormHelperText> : null}
    </FormControl>
  );
}

/** Names, e-mail, mobile number, country and ZIP / postal code, in the signup form (its FormProvider). */
export function ContactFields({
  hide = [],
  terms = true,
}: {
  hide?: readonly ('email' | 'phoneNumber')[];
  terms?: boolean;
}) {
  const t = useT();
  const countryCode = useWatch<SignupDraft, 'countryCode'>({ name: 'countryCode' });
  return (
    <>
      <Box sx={twoColumns}>
        <FormTextField name="firstname" label={t('signup.firstName')} autoComplete="given-name" fullWidth />
        <FormTextField name="lastname" label={t('signup.lastName')} autoComplete="family-name" fullWidth />
      </Box>
      {hide.includes('email') ? null : (
        <FormTextField name="email" label={t('identity.email')} type="email" autoComplete="email" fullWidth />
      )}
      {hide.includes('phoneNumber') ? null : (
        <FormTextField
          name="phoneNumber"
          htmlName="phone"
          label={t('identity.sms.phone')}
          type="tel"
          autoComplete="tel"
          helperText={t('identity.sms.phoneHint')}
          fullWidth
        />
      )}
      <Box sx={twoColumns}>
        <FormTextField select name="countryCode" htmlName="country" label={t('signup.country')} fullWidth>
          {COUNTRY_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              <T id={COUNTRY_LABELS[code]} />
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          name="postalCode"
          htmlName="postal-code"
          label={t(countryCode === 'USA' ? 'signup.zip' : 'signup.postalCode')}
          autoComplete="postal-code"
          fullWidth
        />
      </Box>
      {terms ? <TermsCheckbox /> : null}
    </>
  );
}

/** The interests (signup reasons) offered, to tick; a restricted one only when the page was opened for it. */
function ReasonsFieldset({ preselectedReason }: { preselectedReason: number | null }) {
  const t = useT();
  const reasons = useSignupChoice('signupReasonIds');
  const toggleReason = (id: number, checked: boolean) =>
    reasons.set(checked ? [...new Set([...reasons.value, id])] : reasons.value.filter((value) => value !== id));
  return (
    <FormControl component="fieldset" error={Boolean(reasons.error)} variant="standard">
      <FormLabel component="legend" sx={{ mb: 1, color: 'text.primary', fontWeight: 500 }}>
        <T id="signup.reasons" />
      </FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {offeredReasons(preselectedReason).map((reason) => (
          <FormControlLabel
            key={reason.id}
            control={
              <Checkbox
                size="small"
                checked={reasons.value.includes(reason.id)}
                onChange={(event) => toggleReason(reason.id, event.target.checked)}
              />
            }
            label={t(reason.labelId)}
          />
        ))}
      </FormGroup>
      {reasons.error ? <FormHelperText>{reasons.error}</FormHelperText> : null}
    </FormControl>
  );
}

/** Canada: an explicit yes or no to sales contact. */
function LegalSalesInfoFieldset() {
  const t = useT();
  const legal = useSignupChoice('legalSalesInfo');
  return (
    <FormControl component="fieldset" error={Boolean(legal.error)} variant="standard">
      <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 500 }}>
        <T id="signup.legalSalesInfo" />
      </FormLabel>
      <RadioGroup
        row
        value={legal.value === null ? '' : String(legal.value)}
        onChange={(event) => legal.set(event.target.value === 'true')}
      >
        <FormControlLabel value="true" control={<Radio />} label={t('signup.yes')} />
        <FormControlLabel value="false" control={<Radio />} label={t('signup.no')} />
      </RadioGroup>
      {legal.error ? <FormHelperText>{legal.error}</FormHelperText> : null}
    </FormControl>
  );
}

/** Elsewhere: the promotional marketing box, unticked unless ticked. */
function MarketingCheckbox() {
  const t = useT();
  const marketing = useSignupChoice('allowPromotionalMarketing');
  return (
    // In a Box: a Stack's spacing would reset the label's negative margin that lines the box up.
    <Box>
      <FormControlLabel
        control={<Checkbox checked={marketing.value} onChange={(event) => marketing.set(event.target.checked)} />}
        label={t('signup.marketing')}
      />
    </Box>
  );
}

/**
 * Member type, area farmed, interests (signup reasons), how they heard of us, and sales contact consent, in the
 * signup form (its FormProvider).
 */
export function FarmFields({ preselectedReason = null }: { preselectedReason?: number | null }) {
  const t = useT();
  const [memberType, countryCode] = useWatch<SignupDraft, ['memberType', 'countryCode']>({
    name: ['memberType', 'countryCode'],
  });
  return (
    <>
      <FormTextField select name="memberType" htmlName="member-type" label={t('signup.memberType')} fullWidth>
        {MEMBER_TYPE_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <T id={option.labelId} />
          </MenuItem>
        ))}
      </FormTextField>
      {asksForArea(memberType) ? (
        <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr 8.5rem', sm: '1fr 10rem' } }}>
          <FormTextField
            name="areaEstimate"
            htmlName="area"
            label={t('signup.area')}
            inputMode="decimal"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
          />
          <FormTextField select name="areaEstimateUnits" htmlName="area-units" label={t('signup.units')} fullWidth>
            {AREA_UNITS.map((unit) => (
              <MenuItem key={unit} value={unit}>
                <T id={AREA_UNIT_LABELS[unit]} />
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
      ) : null}
      <ReasonsFieldset preselectedReason={preselectedReason} />
      <FormTextField
        select
        name="howDidYouHearAboutUs"
        htmlName="heard-about-us"
        label={t('signup.heard')}
        helperText={t('signup.optional')}
        fullWidth
      >
        {HEARD_ABOUT_US.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <T id={option.labelId} />
          </MenuItem>
        ))}
      </FormTextField>
      {countryCode === 'CAN' ? <LegalSalesInfoFieldset /> : <MarketingCheckbox />}
    </>
  );
}
