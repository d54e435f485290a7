import { AREA_UNITS, COUNTRY_CODES, type AreaUnit } from '@granary/domain';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import {
  AREA_UNIT_LABELS,
  COUNTRY_LABELS,
  HEARD_ABOUT_US,
  MEMBER_TYPE_OPTIONS,
  asksForArea,
  offeredReasons,
  type SignupDraft,
  type SignupField,
} from '../signup-rules';
import type { MemberType } from '@granary/domain';

export type SignupFieldProps = {
  draft: SignupDraft;
  set: <K extends keyof SignupDraft>(field: K, value: SignupDraft[K]) => void;
  errors: Partial<Record<SignupField, MessageId>>;
};

const twoColumns = { display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Names, e-mail, mobile number, country and ZIP / postal code. */
export function ContactFields({
  draft,
  set,
  errors,
  hide = [],
  terms = true,
}: SignupFieldProps & { hide?: readonly ('email' | 'phoneNumber')[]; terms?: boolean }) {
  const partner = usePartner();
  const brand = partner.branding.tradeName || partner.displayName;
  const t = useT();
  const help = (field: SignupField) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <>
      <Box sx={twoColumns}>
        <TextField
          label={t('signup.firstName')}
          name="firstname"
          autoComplete="given-name"
          value={draft.firstname}
          onChange={(event) => set('firstname', event.target.value)}
          error={Boolean(errors.firstname)}
          helperText={help('firstname')}
          fullWidth
        />
        <TextField
          label={t('signup.lastName')}
          name="lastname"
          autoComplete="family-name"
          value={draft.lastname}
          onChange={(event) => set('lastname', event.target.value)}
          error={Boolean(errors.lastname)}
          helperText={help('lastname')}
          fullWidth
        />
      </Box>
      {hide.includes('email') ? null : (
        <TextField
          label={t('identity.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={draft.email}
          onChange={(event) => set('email', event.target.value)}
          error={Boolean(errors.email)}
          helperText={help('email')}
          fullWidth
        />
      )}
      {hide.includes('phoneNumber') ? null : (
        <TextField
          label={t('identity.sms.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          value={draft.phoneNumber}
          onChange={(event) => set('phoneNumber', event.target.value)}
          error={Boolean(errors.phoneNumber)}
          helperText={help('phoneNumber') ?? t('identity.sms.phoneHint')}
          fullWidth
        />
      )}
      <Box sx={twoColumns}>
        <TextField
          select
          label={t('signup.country')}
          name="country"
          value={draft.countryCode}
          onChange={(event) => set('countryCode', event.target.value as SignupDraft['countryCode'])}
          fullWidth
        >
          {COUNTRY_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              <T id={COUNTRY_LABELS[code]} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t(draft.countryCode === 'USA' ? 'signup.zip' : 'signup.postalCode')}
          name="postal-code"
          autoComplete="postal-code"
          value={draft.postalCode}
          onChange={(event) => set('postalCode', event.target.value)}
          error={Boolean(errors.postalCode)}
          helperText={help('postalCode')}
          fullWidth
        />
      </Box>
      {terms ? (
        <FormControl error={Boolean(errors.acceptLegalTerms)} variant="standard">
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.acceptLegalTerms}
                onChange={(event) => set('acceptLegalTerms', event.target.checked)}
              />
            }
            label={brand ? t('signup.acceptTerms', { brand }) : t('signup.acceptTermsNoBrand')}
          />
          {errors.acceptLegalTerms ? <FormHelperText>{t(errors.acceptLegalTerms)}</FormHelperText> : null}
        </FormControl>
      ) : null}
    </>
  );
}

/** Member type, area farmed, interests (signup reasons), how they heard of us, and sales contact consent. */
export function FarmFields({
  draft,
  set,
  errors,
  preselectedReason = null,
}: SignupFieldProps & { preselectedReason?: number | null }) {
  const t = useT();
  const help = (field: SignupField) => (errors[field] ? t(errors[field]) : undefined);
  const toggleReason = (id: number, checked: boolean) =>
    set(
      'signupReasonIds',
      checked ? [...new Set([...draft.signupReasonIds, id])] : draft.signupReasonIds.filter((value) => value !== id),
    );
  return (
    <>
      <TextField
        select
        label={t('signup.memberType')}
        name="member-type"
        value={draft.memberType}
        onChange={(event) => set('memberType', event.target.value as MemberType)}
        error={Boolean(errors.memberType)}
        helperText={help('memberType')}
        fullWidth
      >
        {MEMBER_TYPE_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <T id={option.labelId} />
          </MenuItem>
        ))}
      </TextField>
      {asksForArea(draft.memberType) ? (
        <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr 8.5rem', sm: '1fr 10rem' } }}>
          <TextField
            label={t('signup.area')}
            name="area"
            inputMode="decimal"
            value={draft.areaEstimate}
            onChange={(event) => set('areaEstimate', event.target.value)}
            error={Boolean(errors.areaEstimate)}
            helperText={help('areaEstimate')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
          />
          <TextField
            select
            label={t('signup.units')}
            name="area-units"
            value={draft.areaEstimateUnits}
            onChange={(event) => set('areaEstimateUnits', event.target.value as AreaUnit)}
            error={Boolean(errors.areaEstimateUnits)}
            helperText={help('areaEstimateUnits')}
            fullWidth
          >
            {AREA_UNITS.map((unit) => (
              <MenuItem key={unit} value={unit}>
                <T id={AREA_UNIT_LABELS[unit]} />
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ) : null}
      <FormControl component="fieldset" error={Boolean(errors.signupReasonIds)} variant="standard">
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
                  checked={draft.signupReasonIds.includes(reason.id)}
                  onChange={(event) => toggleReason(reason.id, event.target.checked)}
                />
              }
              label={t(reason.labelId)}
            />
          ))}
        </FormGroup>
        {errors.signupReasonIds ? <FormHelperText>{t(errors.signupReasonIds)}</FormHelperText> : null}
      </FormControl>
      <TextField
        select
        label={t('signup.heard')}
        name="heard-about-us"
        value={draft.howDidYouHearAboutUs}
        onChange={(event) => set('howDidYouHearAboutUs', event.target.value)}
        error={Boolean(errors.howDidYouHearAboutUs)}
        helperText={help('howDidYouHearAboutUs') ?? t('signup.optional')}
        fullWidth
      >
        {HEARD_ABOUT_US.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <T id={option.labelId} />
          </MenuItem>
        ))}
      </TextField>
      {draft.countryCode === 'CAN' ? (
        <FormControl component="fieldset" error={Boolean(errors.legalSalesInfo)} variant="standard">
          <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 500 }}>
            <T id="signup.legalSalesInfo" />
          </FormLabel>
          <RadioGroup
            row
            value={draft.legalSalesInfo === null ? '' : String(draft.legalSalesInfo)}
            onChange={(event) => set('legalSalesInfo', event.target.value === 'true')}
          >
            <FormControlLabel value="true" control={<Radio />} label={t('signup.yes')} />
            <FormControlLabel value="false" control={<Radio />} label={t('signup.no')} />
          </RadioGroup>
          {errors.legalSalesInfo ? <FormHelperText>{t(errors.legalSalesInfo)}</FormHelperText> : null}
        </FormControl>
      ) : (
        // In a Box: a Stack's spacing would reset the label's negative margin that lines the box up.
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.allowPromotionalMarketing}
                onChange={(event) => set('allowPromotionalMarketing', event.target.checked)}
              />
            }
            label={t('signup.marketing')}
          />
        </Box>
      )}
    </>
  );
}
