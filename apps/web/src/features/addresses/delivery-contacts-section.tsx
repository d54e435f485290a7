import { subdivisionsOf } from '@granary/domain';
import { Box, Button, MenuItem, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useEnterprise } from '../../lib/enterprise/enterprise-api';
import type { EnterpriseSectionProps } from '../../lib/enterprise/enterprise-section';
import { FormTextField } from '../../lib/forms/form-fields';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { useContactWrites, useContacts, type BookContact, type ContactValuesIn } from './addresses-api';
import { applyFieldProblems } from './field-problems';
import { BookDialog, BookSection } from './book-frame';

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
  const enterprise = useEnterprise(enterpriseId);
  const query = useContacts(enterprisePublicId);
  const writes = useContactWrites(enterprisePublicId);
  const [editing, setEditing] = useState<BookContact | 'new' | null>(null);
  const [removing, setRemoving] = useState<BookContact | null>(null);
  const canManage = Boolean(enterprise?.permissions?.hasManage);
  const country = (['USA', 'CAN', 'AUS'] as const).find((c) => c === enterprise?.location?.country) ?? 'USA';
  return (
    <>
      <BookSection
        titleId="contacts.title"
        subtitleId="contacts.subtitle"
        addId="contacts.add"
        emptyId="contacts.empty"
        loadFailedId="contacts.loadFailed"
        canManage={canManage}
        showReadOnly={!canManage && Boolean(enterprise?.permissions)}
        query={query}
        onAdd={() => setEditing('new')}
      >
        {(contacts) => (
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
            {contacts.map((c) => (
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
      </BookSection>
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
    </>
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
      if (!applyFieldProblems(form.setError, error, FIELDS))
        showToast(
          error instanceof Error && error.message ? { text: error.message } : { messageId: 'addresses.saveFailed' },
          {
            severity: 'error',
          },
        );
    }
  });
  return (
    <BookDialog titleId={contact ? 'contacts.edit' : 'contacts.add'} form={form} onSubmit={submit} onClose={onClose}>
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
    </BookDialog>
  );
}
