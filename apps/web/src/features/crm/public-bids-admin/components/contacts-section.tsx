import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import {
  PUBLIC_CONTACTS_MAX,
  isValidEmail,
  isValidPhone,
  type MarketPageSettings,
  type PublicContact,
} from '@granary/domain';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo, useState, type FormEvent } from 'react';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { useSaveMarketInfo } from '../api/market-info';
import { Section, useDraft, useSaveToasts } from './section';

type ContactDraft = { name: string; title: string; phone: string; email: string };
const toDraft = (c: PublicContact): ContactDraft => ({
  name: c.name,
  title: c.title ?? '',
  phone: c.phone ?? '',
  email: c.email ?? '',
});
const EMPTY: ContactDraft = { name: '', title: '', phone: '', email: '' };

/** What is wrong with a contact (the domain's rule: a name; a valid phone and e-mail when given). */
function contactErrors(c: ContactDraft): Partial<Record<keyof ContactDraft, MessageId>> {
  const errors: Partial<Record<keyof ContactDraft, MessageId>> = {};
  if (!c.name.trim()) errors.name = 'crm.publicAdmin.contacts.nameRequired';
  if (c.phone.trim() && !isValidPhone(c.phone)) errors.phone = 'crm.publicAdmin.contacts.phoneInvalid';
  if (c.email.trim() && !isValidEmail(c.email)) errors.email = 'crm.publicAdmin.contacts.emailInvalid';
  return errors;
}

function ContactDialog({
  initial,
  adding,
  onClose,
  onDone,
}: {
  initial: ContactDraft;
  adding: boolean;
  onClose: () => void;
  onDone: (c: ContactDraft) => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [value, setValue] = useState(initial);
  const [tried, setTried] = useState(false);
  const errors = tried ? contactErrors(value) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(contactErrors(value)).length === 0) onDone(value);
  };
  const input = (key: keyof ContactDraft, label: MessageId, type = 'text', autoComplete?: string) => (
    <TextField
      label={t(label)}
      value={value[key]}
      type={type}
      autoComplete={autoComplete}
      required={key === 'name'}
      onChange={(event) => setValue((current) => ({ ...current, [key]: event.target.value }))}
      error={Boolean(errors[key])}
      helperText={errors[key] ? t(errors[key]) : undefined}
      fullWidth
    />
  );
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="xs" aria-labelledby="contact-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="contact-dialog-title">
          <T id={adding ? 'crm.publicAdmin.contacts.dialog.add' : 'crm.publicAdmin.contacts.dialog.edit'} />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {input('name', 'crm.publicAdmin.contacts.name', 'text', 'off')}
            {input('title', 'crm.publicAdmin.contacts.contactTitle', 'text', 'off')}
            {input('phone', 'crm.publicAdmin.contacts.phone', 'tel', 'off')}
            {input('email', 'crm.publicAdmin.contacts.email', 'email', 'off')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <T id="crm.publicAdmin.cancel" />
          </Button>
          <Button type="submit" variant="contained">
            <T id="crm.publicAdmin.contacts.done" />
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The public contacts: add, edit, remove in the list, then Save sends the list (If-Match the page's version). */
export function ContactsSection({ info }: { info: MarketPageSettings }) {
  const t = useT();
  const save = useSaveMarketInfo(info.marketId);
  const toasts = useSaveToasts();
  const source = useMemo(() => info.contacts.map(toDraft), [info.contacts]);
  const { draft, dirty, update, reset } = useDraft(source);
  const [editing, setEditing] = useState<{ index: number | null; value: ContactDraft } | null>(null);

  const onSave = () =>
    save.mutate(
      { patch: { contacts: draft }, version: info.version },
      {
        onSuccess: (saved) => {
          reset(saved.contacts.map(toDraft));
          toasts.saved('crm.publicAdmin.contacts.saved');
        },
        onError: toasts.failed,
      },
    );
  const full = draft.length >= PUBLIC_CONTACTS_MAX;

  return (
    <Section
      title={t('crm.publicAdmin.contacts.title')}
      action={
        <Tooltip title={full ? t('crm.publicAdmin.contacts.max', { max: PUBLIC_CONTACTS_MAX }) : ''}>
          <span>
            <Button
              size="small"
              startIcon={<AddRoundedIcon />}
              disabled={full}
              onClick={() => setEditing({ index: null, value: EMPTY })}
            >
              <T id="crm.publicAdmin.contacts.add" />
            </Button>
          </span>
        </Tooltip>
      }
      dirty={dirty}
      saving={save.isPending}
      onSave={onSave}
    >
      {draft.length === 0 ? (
        <Typography color="text.secondary">
          <T id="crm.publicAdmin.contacts.empty" />
        </Typography>
      ) : (
        <List disablePadding aria-label={t('crm.publicAdmin.contacts.title')}>
          {draft.map((contact, index) => (
            <ListItem
              key={`${index}-${contact.name}`}
              disableGutters
              divider={index < draft.length - 1}
              secondaryAction={
                <Box>
                  <IconButton
                    aria-label={t('crm.publicAdmin.contacts.edit', { name: contact.name })}
                    onClick={() => setEditing({ index, value: contact })}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    edge="end"
                    aria-label={t('crm.publicAdmin.contacts.remove', { name: contact.name })}
                    onClick={() => update((current) => current.filter((_, i) => i !== index))}
                  >
                    <DeleteOutlineRoundedIcon fontSize="small" />
                  </IconButton>
                </Box>
              }
              sx={{ pr: 11, alignItems: 'flex-start' }}
            >
              <Box sx={{ minWidth: 0, py: 0.5 }}>
                <Typography sx={{ fontWeight: 600 }}>{contact.name}</Typography>
                {contact.title ? (
                  <Typography variant="body2" color="text.secondary">
                    {contact.title}
                  </Typography>
                ) : null}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }} sx={{ mt: 0.5 }}>
                  {contact.phone ? (
                    <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      <PhoneOutlinedIcon sx={{ fontSize: 16 }} color="action" />
                      {contact.phone}
                    </Typography>
                  ) : null}
                  {contact.email ? (
                    <Typography
                      variant="body2"
                      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
                    >
                      <EmailOutlinedIcon sx={{ fontSize: 16 }} color="action" />
                      {contact.email}
                    </Typography>
                  ) : null}
                </Stack>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {editing ? (
        <ContactDialog
          initial={editing.value}
          adding={editing.index === null}
          onClose={() => setEditing(null)}
          onDone={(value) => {
            const trimmed = {
              name: value.name.trim(),
              title: value.title.trim(),
              phone: value.phone.trim(),
              email: value.email.trim(),
            };
            update((current) =>
              editing.index === null
                ? [...current, trimmed]
                : current.map((c, i) => (i === editing.index ? trimmed : c)),
            );
            setEditing(null);
          }}
        />
      ) : null}
    </Section>
  );
}
