import { subdivisionsOf } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { useEnterprise } from '../../lib/enterprise/enterprise-api';
import type { EnterpriseSectionProps } from '../../lib/enterprise/enterprise-section';
import { FormSubmitButton, FormTextField } from '../../lib/forms/form-fields';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { EmptyLine, LoadErrorAlert } from '../../lib/ui/page-states';
import { useContactWrites, useContacts, type BookContact, type ContactValuesIn } from './addresses-api';
import { applyFieldProblems } from './field-problems';

const required = z.string().trim().min(1, 'addresses.problem.required');
const schema = z.object({
  firstName: required.max(80),
  lastName: required.max(80),
  email: required.max(254),
  phoneNumber: required.max(40),
  country: z.enum(['USA', 'CAN', 'AUS']),
  aal1: required,
});
type Values = z.input<typeof schema>;
const FIELDS = Object.keys(schema.shape);

const countryOfState = (code: string, fallback: Values['country']): Values['country'] =>
  (['USA', 'CAN', 'AUS'] as const).find((c) => subdivisionsOf(c).some((s) => s.code === code)) ?? fallback;

/**
 * Who receives the farm business's deliveries (platform.md 3.6, 5.5): first and last name, e-mail, phone and state,
 * chosen per delivery at checkout. The owner or a member with has_manage adds, edits and removes them.
 */
export function DeliveryContactsSection({ enterpriseId, enterprisePublicId }: EnterpriseSectionProps) {
  const t = useT();
  const enterprise = useEnterprise(enterpriseId);
  const query = useContacts(enterprisePublicId);
  const writes = useContactWrites(enterprisePublicId);
  const [editing, setEditing] = useState<BookContact | 'new' | null>(null);
  const [removing, setRemoving] = useState<BookContact | null>(null);
  const canManage = Boolean(enterprise?.permissions?.hasManage);
  const country = (['USA', 'CAN', 'AUS'] as const).find((c) => c === enterprise?.location?.country) ?? 'USA';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h3" component="h2">
          <T id="contacts.title" />
        </Typography>
        {canManage ? (
          <Button variant="contained" onClick={() => setEditing('new')}>
            <T id="contacts.add" />
          </Button>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <T id="contacts.subtitle" />
      </Typography>
      {canManage || !enterprise?.permissions ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          <T id="addresses.readOnly" />
        </Alert>
      )}
      {query.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : query.isError ? (
        <LoadErrorAlert
          error={query.error}
          fallback={t('contacts.loadFailed')}
          retryLabel={<T id="addresses.retry" />}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyLine>
          <T id="contacts.empty" />
        </EmptyLine>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          {query.data.map((c) => (
            <Paper component="li" key={c.id} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {c.firstName} {c.lastName}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {c.email}
              </Typography>
              <Typography variant="body2">
                {c.phoneNumber} · {c.aal1}
              </Typography>
              {canManage ? (
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Button size="small" onClick={() => setEditing(c)}>
                    <T id="addresses.editShort" />
                  </Button>
                  <Button size="small" color="error" onClick={() => setRemoving(c)}>
                    <T id="addresses.remove" />
                  </Button>
                </Stack>
              ) : null}
            </Paper>
          ))}
        </Box>
      )}
      {editing ? (
        <ContactDialog
          contact={editing === 'new' ? null : editing}
          defaultCountry={country}
          onSave={(values) => writes.save.mutateAsync({ id: editing === 'new' ? null : editing.id, values })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={<T id="contacts.removeTitle" values={{ name: `${removing.firstName} ${removing.lastName}` }} />}
          body={<T id="contacts.removeBody" />}
          confirmLabel={<T id="addresses.remove" />}
          cancelLabel={<T id="addresses.cancel" />}
          busy={writes.remove.isPending}
          onConfirm={() =>
            writes.remove.mutate(removing.id, {
              onSuccess: () => {
                setRemoving(null);
                showToast({ messageId: 'contacts.removed' }, { severity: 'success' });
              },
              onError: (error) =>
                showToast(error.message ? { text: error.message } : { messageId: 'addresses.saveFailed' }, {
                  severity: 'error',
                }),
            })
          }
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Paper>
  );
}

function ContactDialog({
  contact,
  defaultCountry,
  onSave,
  onClose,
}: {
  contact: BookContact | null;
  defaultCountry: Values['country'];
  onSave: (values: ContactValuesIn) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const form = useZodForm(schema, {
    defaultValues: {
      firstName: contact?.firstName ?? '',
      lastName: contact?.lastName ?? '',
      email: contact?.email ?? '',
      phoneNumber: contact?.phoneNumber ?? '',
      country: contact ? countryOfState(contact.aal1, defaultCountry) : defaultCountry,
      aal1: contact?.aal1 ?? '',
    },
  });
  const country = form.watch('country');
  const aal1 = form.watch('aal1');
  useEffect(() => {
    if (aal1 && !subdivisionsOf(country).some((s) => s.code === aal1)) form.setValue('aal1', '');
  }, [aal1, country, form]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      showToast({ messageId: 'contacts.saved' }, { severity: 'success' });
      onClose();
    } catch (error) {
      if (!applyFieldProblems(form.setError, error, FIELDS, { phone: 'phoneNumber' }))
        showToast(
          error instanceof Error && error.message ? { text: error.message } : { messageId: 'addresses.saveFailed' },
          {
            severity: 'error',
          },
        );
    }
  });
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <T id={contact ? 'contacts.edit' : 'contacts.add'} />
      </DialogTitle>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <DialogContent sx={{ pt: 1 }}>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField<Values> name="firstName" label={t('contacts.firstName')} fullWidth required />
                <FormTextField<Values> name="lastName" label={t('contacts.lastName')} fullWidth required />
              </Stack>
              <FormTextField<Values> name="email" type="email" label={t('contacts.email')} fullWidth required />
              <FormTextField<Values> name="phoneNumber" type="tel" label={t('contacts.phone')} fullWidth required />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField<Values> name="country" label={t('addresses.country')} select fullWidth>
                  {(['USA', 'CAN', 'AUS'] as const).map((c) => (
                    <MenuItem key={c} value={c}>
                      <T id={`addresses.country.${c}`} />
                    </MenuItem>
                  ))}
                </FormTextField>
                <FormTextField<Values>
                  name="aal1"
                  label={t(country === 'CAN' ? 'addresses.province' : 'addresses.state')}
                  select
                  fullWidth
                  required
                >
                  {subdivisionsOf(country).map((s) => (
                    <MenuItem key={s.code} value={s.code}>
                      {s.name}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Stack>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>
              <T id="addresses.cancel" />
            </Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
              <T id="addresses.save" />
            </FormSubmitButton>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
