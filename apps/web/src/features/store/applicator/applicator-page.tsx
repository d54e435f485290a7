import AddRoundedIcon from '@mui/icons-material/AddRounded';
import AttachFileRoundedIcon from '@mui/icons-material/AttachFileRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  CANADIAN_PROVINCES,
  UPLOAD_CONTENT_TYPES,
  US_STATES,
  licenceExpiryState,
  licenceUploadParent,
  subdivision,
  type ApplicatorLicence,
  type ApplicatorLicenceInput,
  type ApplicatorOwnerQuery,
} from '@granary/domain';
import { ApiError } from '../../../lib/api/api-error';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { uploader, useUploader } from '../../../lib/upload/upload-store';
import { UploaderPanel, formatFileSize } from '../../../lib/upload/uploader-panel';
import { StorePage, StoreQueryState } from '../components/store-frame';
import { applicatorKeys, fileUrl, useLicenceFiles, useLicenceMutations, useLicences } from './applicator-api';

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function jurisdictionName(code: string): string {
  return subdivision('USA', code)?.name ?? subdivision('CAN', code)?.name ?? code;
}

/** A licence's day in the page locale's short form. */
function useFormatDate() {
  return useDates().day;
}

function ExpiryChip({ expiresOn }: { expiresOn: string }) {
  const state = licenceExpiryState(expiresOn, todayIso());
  if (state === 'valid')
    return <Chip size="small" color="success" variant="outlined" label={<T id="applicator.chip.valid" />} />;
  return (
    <Chip
      size="small"
      color={state === 'expired' ? 'error' : 'warning'}
      label={<T id={state === 'expired' ? 'applicator.chip.expired' : 'applicator.chip.expiring'} />}
    />
  );
}

type Draft = { holderName: string; licenceNumber: string; jurisdiction: string; expiresOn: string };

function LicenceDialog({
  initial,
  onClose,
  onSave,
  busy,
  serverError,
}: {
  initial: ApplicatorLicence | null;
  onClose: () => void;
  onSave: (input: ApplicatorLicenceInput) => void;
  busy: boolean;
  serverError: unknown;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(
    initial
      ? {
          holderName: initial.holderName,
          licenceNumber: initial.licenceNumber,
          jurisdiction: initial.jurisdiction,
          expiresOn: initial.expiresOn,
        }
      : { holderName: '', licenceNumber: '', jurisdiction: '', expiresOn: '' },
  );
  const [touched, setTouched] = useState(false);
  const serverFields = new Set(
    ((serverError as { details?: { fields?: { field: string }[] } } | null)?.details?.fields ?? []).map((f) => f.field),
  );
  const problems = {
    holderName: draft.holderName.trim() === '' ? t('applicator.error.required') : null,
    licenceNumber: draft.licenceNumber.trim() === '' ? t('applicator.error.required') : null,
    jurisdiction:
      draft.jurisdiction === '' || serverFields.has('jurisdiction') ? t('applicator.error.jurisdiction') : null,
    expiresOn:
      draft.expiresOn === '' || draft.expiresOn < todayIso() || serverFields.has('expiresOn')
        ? t('applicator.error.expiresOn')
        : null,
  };
  const show = (k: keyof typeof problems) => (touched || serverFields.has(k) ? problems[k] : null);
  const field = (k: keyof Draft) => ({
    value: draft[k],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value })),
    error: show(k) !== null,
    helperText: show(k) ?? ' ',
    fullWidth: true,
    required: true,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="licence-dialog-title">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          const complete =
            draft.holderName.trim() !== '' &&
            draft.licenceNumber.trim() !== '' &&
            draft.jurisdiction !== '' &&
            draft.expiresOn >= todayIso();
          if (complete) {
            onSave({
              holderName: draft.holderName.trim(),
              licenceNumber: draft.licenceNumber.trim(),
              jurisdiction: draft.jurisdiction,
              expiresOn: draft.expiresOn,
            });
          }
        }}
      >
        <DialogTitle id="licence-dialog-title">
          {t(initial ? 'applicator.dialog.edit' : 'applicator.dialog.add')}
        </DialogTitle>
        <DialogContent>
          {serverError && !(serverError instanceof ApiError && serverError.status === 400) ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverError instanceof ApiError ? serverError.message : t('applicator.error.save')}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, pt: 1 }}>
            <TextField
              label={t('applicator.holder')}
              autoFocus
              {...field('holderName')}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <TextField
              label={t('applicator.number')}
              {...field('licenceNumber')}
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
            <TextField select label={t('applicator.jurisdiction')} {...field('jurisdiction')}>
              <ListSubheader>{t('applicator.states')}</ListSubheader>
              {US_STATES.map((s) => (
                <MenuItem key={`US-${s.code}`} value={s.code}>
                  {s.name}
                </MenuItem>
              ))}
              <ListSubheader>{t('applicator.provinces')}</ListSubheader>
              {CANADIAN_PROVINCES.map((s) => (
                <MenuItem key={`CA-${s.code}`} value={s.code}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label={t('applicator.expiresOn')}
              {...field('expiresOn')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIso() } }}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('applicator.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('applicator.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function LicenceFiles({
  licence,
  userId,
  onRemove,
}: {
  licence: ApplicatorLicence;
  userId: string | undefined;
  onRemove: (guid: string) => void;
}) {
  const t = useT();
  const files = useLicenceFiles(licenceUploadParent(licence.id), userId);
  if (files.isPending) return null;
  if (!files.data || files.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        <T id="applicator.noFiles" />
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={t('applicator.files')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {files.data.map((f) => (
        <Stack component="li" key={f.guid} direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.25 }}>
          <DescriptionOutlinedIcon fontSize="small" color="action" />
          <Link
            href={fileUrl(f.guid)}
            download={f.fileName}
            aria-label={t('applicator.download', { name: f.fileName })}
            sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {f.fileName}
          </Link>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {formatFileSize(f.size)}
          </Typography>
          <IconButton
            size="small"
            aria-label={t('applicator.deleteFile', { name: f.fileName })}
            onClick={() => onRemove(f.guid)}
          >
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
    </Box>
  );
}

function LicenceCard({
  licence,
  owner,
  onEdit,
  onDelete,
  onRemoveFile,
}: {
  licence: ApplicatorLicence;
  owner: ApplicatorOwnerQuery;
  onEdit: () => void;
  onDelete: () => void;
  onRemoveFile: (guid: string) => void;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const parent = licenceUploadParent(licence.id);
  return (
    <Card variant="outlined" component="article" aria-label={`${licence.holderName} ${licence.licenceNumber}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {licence.holderName}
              </Typography>
              <ExpiryChip expiresOn={licence.expiresOn} />
            </Stack>
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 1,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 0.5,
                fontSize: 14,
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('applicator.number')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {licence.licenceNumber}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('applicator.jurisdiction')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {jurisdictionName(licence.jurisdiction)}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('applicator.expiresOn')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {formatDate(licence.expiresOn)}
              </Typography>
            </Box>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
            <Button
              size="small"
              startIcon={<EditOutlinedIcon />}
              onClick={onEdit}
              aria-label={t('applicator.editLabel', { number: licence.licenceNumber })}
            >
              {t('applicator.edit')}
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineRoundedIcon />}
              onClick={onDelete}
              aria-label={t('applicator.deleteLabel', { number: licence.licenceNumber })}
            >
              {t('applicator.delete')}
            </Button>
          </Stack>
        </Stack>
        <Box sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
          >
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              {t('applicator.files')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="caption" color="text.secondary">
                {t('applicator.attachHint')}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                startIcon={<AttachFileRoundedIcon />}
                onClick={() => input.current?.click()}
                aria-label={t('applicator.attachLabel', { number: licence.licenceNumber })}
              >
                {t('applicator.attach')}
              </Button>
            </Stack>
            <input
              ref={input}
              type="file"
              hidden
              multiple
              accept={UPLOAD_CONTENT_TYPES.join(',')}
              data-testid={`attach-${licence.id}`}
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = '';
                uploader.add(files, parent, {
                  ...(owner.userId ? { userId: owner.userId } : {}),
                  onCompleted: () =>
                    void client.invalidateQueries({ queryKey: applicatorKeys.files(parent, owner.userId) }),
                });
              }}
            />
          </Stack>
          <LicenceFiles licence={licence} userId={owner.userId} onRemove={onRemoveFile} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** /direct/applicator/:enterpriseId?/:userId? — the buyer's applicator licences (platform.md 2.4). */
export function ApplicatorPage() {
  const t = useT();
  const { enterpriseId, userId } = useParams();
  const owner: ApplicatorOwnerQuery = { ...(enterpriseId ? { enterpriseId } : {}), ...(userId ? { userId } : {}) };
  useDocumentTitle([t('applicator.title')]);
  const licences = useLicences(owner);
  const { save, remove, removeFile } = useLicenceMutations(owner);
  const [editing, setEditing] = useState<ApplicatorLicence | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ApplicatorLicence | null>(null);
  const uploads = useUploader();

  const openEditor = (l: ApplicatorLicence | 'new') => {
    save.reset();
    setEditing(l);
  };

  return (
    <StorePage>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 2.5 }}
      >
        <Box sx={{ maxWidth: 720 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
            {t('applicator.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t(userId ? 'applicator.subtitleOther' : 'applicator.subtitle')}
          </Typography>
        </Box>
        {licences.data ? (
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onClick={() => openEditor('new')}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {t('applicator.add')}
          </Button>
        ) : null}
      </Stack>

      {!licences.data ? (
        <StoreQueryState
          error={licences.error}
          isPending={licences.isPending}
          onRetry={() => void licences.refetch()}
        />
      ) : licences.data.licences.length === 0 ? (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 5, px: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('applicator.empty')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('applicator.emptyHint')}
          </Typography>
        </Card>
      ) : (
        <Stack spacing={2}>
          {licences.data.licences.map((l) => (
            <LicenceCard
              key={l.id}
              licence={l}
              owner={owner}
              onEdit={() => openEditor(l)}
              onDelete={() => setDeleting(l)}
              onRemoveFile={(guid) => removeFile.mutate(guid)}
            />
          ))}
        </Stack>
      )}

      {editing !== null ? (
        <LicenceDialog
          initial={editing === 'new' ? null : editing}
          busy={save.isPending}
          serverError={save.error}
          onClose={() => setEditing(null)}
          onSave={(input) =>
            save.mutate({ id: editing === 'new' ? null : editing.id, input }, { onSuccess: () => setEditing(null) })
          }
        />
      ) : null}

      {deleting ? (
        <Dialog open onClose={() => setDeleting(null)} aria-labelledby="licence-delete-title" maxWidth="xs" fullWidth>
          <DialogTitle id="licence-delete-title">{t('applicator.confirmDelete.title')}</DialogTitle>
          <DialogContent>
            <Typography>{t('applicator.confirmDelete.body', { number: deleting.licenceNumber })}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)}>{t('applicator.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              disabled={remove.isPending}
              onClick={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
            >
              {t('applicator.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
      {/* Room below the last licence so the docked panel never hides it. */}
      {uploads.items.length > 0 ? (
        <Box aria-hidden sx={{ height: uploads.maximized ? { xs: 150, sm: 110 } : 72 }} />
      ) : null}
      <UploaderPanel />
    </StorePage>
  );
}
