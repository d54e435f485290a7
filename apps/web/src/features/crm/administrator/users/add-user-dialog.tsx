import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  ADMIN_PERMISSIONS,
  EMAIL_PATTERN,
  MARKET_PERMISSIONS,
  PUBLIC_MARKET_PERMISSIONS,
  type AdminPermission,
  type CrmMarketRow,
  type MarketPermission,
} from '@granary/domain';
import { useState } from 'react';
import { Controller, FormProvider, type Control } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../../lib/api/api-error';
import { FormSubmitButton, FormTextField } from '../../../../lib/forms/form-fields';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import { useT } from '../../../../lib/i18n/t';
import { showToast } from '../../../../lib/toast/toast-store';
import { useInviteUser, usePartnerMarkets } from './admin-users-api';

const ROLES = {
  merchandiser: MARKET_PERMISSIONS,
  bids: PUBLIC_MARKET_PERMISSIONS.filter((p) => p !== 'public_contact'),
} as const satisfies Record<string, readonly MarketPermission[]>;
type Role = keyof typeof ROLES;

const formSchema = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, 'adminUsers.invite.emailInvalid'),
  firstName: z.string().trim().min(1, 'adminUsers.invite.required').max(100),
  lastName: z.string().trim().min(1, 'adminUsers.invite.required').max(100),
  phoneNumber: z.string().trim().max(40),
  marketIds: z.array(z.number()),
  role: z.enum(['merchandiser', 'bids']),
  adminPermissions: z.array(z.enum(ADMIN_PERMISSIONS)),
});
type FormValues = z.input<typeof formSchema>;

const EMPTY: FormValues = {
  email: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  marketIds: [],
  role: 'merchandiser',
  adminPermissions: [],
};

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

/** A group of checkboxes bound to a list field of the form (markets, admin permissions). */
function CheckboxList<V extends string | number>({
  control,
  name,
  legend,
  help,
  options,
  columns = 1,
}: {
  control: Control<FormValues>;
  name: 'marketIds' | 'adminPermissions';
  legend: string;
  help?: string;
  options: readonly { value: V; label: string }[];
  columns?: 1 | 2;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = field.value as unknown as readonly V[];
        return (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{legend}</FormLabel>
            {help ? (
              <Typography variant="caption" color="text.secondary" component="p">
                {help}
              </Typography>
            ) : null}
            <FormGroup
              sx={{ display: 'grid', gridTemplateColumns: { sm: columns === 2 ? '1fr 1fr' : '1fr' }, columnGap: 2 }}
            >
              {options.map((o) => (
                <FormControlLabel
                  key={o.value}
                  label={o.label}
                  control={
                    <Checkbox
                      checked={value.includes(o.value)}
                      onChange={(e) => field.onChange(toggled(value, o.value, e.target.checked))}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        );
      }}
    />
  );
}

/**
 * "Add user": invites a person by e-mail with their markets (all ten permissions, or bids only, at each) and admin
 * permissions. The spec's refusals go on their fields ('User email or phone number already taken', 'The mobile phone
 * number is invalid'); anything else is 'User could not be saved'.
 */
export function AddUserDialog({
  open,
  platformId,
  onClose,
}: {
  open: boolean;
  platformId: number;
  onClose: () => void;
}) {
  const markets: readonly CrmMarketRow[] = usePartnerMarkets(platformId).data?.markets ?? [];
  const t = useT();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const form = useZodForm(formSchema, { defaultValues: EMPTY });
  const invite = useInviteUser();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    form.reset(EMPTY);
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const permissions: readonly MarketPermission[] = ROLES[values.role as Role];
    try {
      const sent = await invite.mutateAsync({
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        phoneNumber: values.phoneNumber || null,
        markets: values.marketIds.map((marketId) => ({ marketId, permissions: [...permissions] })),
        adminPermissions: values.adminPermissions as AdminPermission[],
      });
      showToast({ messageId: 'adminUsers.invite.sent', values: { email: sent.email } }, { severity: 'success' });
      close();
    } catch (error) {
      if (isApiError(error) && error.code === 'user_taken')
        form.setError('email', { type: 'server', message: 'adminUsers.error.taken' }, { shouldFocus: true });
      else if (isApiError(error) && error.code === 'phone_invalid')
        form.setError(
          'phoneNumber',
          { type: 'server', message: 'adminUsers.error.phoneInvalid' },
          { shouldFocus: true },
        );
      else setFailure(t('adminUsers.error.userNotSaved'));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="add-user-title"
    >
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id="add-user-title">{t('adminUsers.invite.title')}</DialogTitle>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('adminUsers.invite.help')}
            </Typography>
            {failure ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {failure}
              </Alert>
            ) : null}
            <Stack spacing={2}>
              <FormTextField<FormValues>
                name="email"
                type="email"
                label={t('adminUsers.invite.email')}
                autoComplete="off"
                required
                fullWidth
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField<FormValues>
                  name="firstName"
                  label={t('adminUsers.invite.firstName')}
                  required
                  fullWidth
                />
                <FormTextField<FormValues> name="lastName" label={t('adminUsers.invite.lastName')} required fullWidth />
              </Stack>
              <FormTextField<FormValues> name="phoneNumber" type="tel" label={t('adminUsers.invite.phone')} fullWidth />
              <CheckboxList
                control={form.control}
                name="marketIds"
                legend={t('adminUsers.invite.markets')}
                help={t('adminUsers.invite.marketsHelp')}
                options={markets.map((m) => ({ value: m.id, label: m.label }))}
                columns={2}
              />
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                    <FormLabel component="legend">{t('adminUsers.invite.role')}</FormLabel>
                    <RadioGroup value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                      <FormControlLabel
                        value="merchandiser"
                        control={<Radio />}
                        label={t('adminUsers.invite.role.merchandiser')}
                      />
                      <FormControlLabel value="bids" control={<Radio />} label={t('adminUsers.invite.role.bids')} />
                    </RadioGroup>
                  </Box>
                )}
              />
              <CheckboxList
                control={form.control}
                name="adminPermissions"
                legend={t('adminUsers.admin.title')}
                options={ADMIN_PERMISSIONS.map((p) => ({ value: p, label: t(`adminUsers.admin.${p}`) }))}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={close}>{t('adminUsers.cancel')}</Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
              {t('adminUsers.invite.send')}
            </FormSubmitButton>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
