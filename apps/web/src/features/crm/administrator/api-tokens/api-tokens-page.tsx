import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  apiTokenState,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenState,
} from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type FocusEvent } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { useBootstrap } from '../../../../lib/api/bootstrap';
import { usePartner } from '../../../../lib/brand/partner-context';
import { FormSubmitButton, FormTextField } from '../../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../../lib/forms/server-errors';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { RelativeTime } from '../../../../lib/i18n/relative-time';
import { showToast } from '../../../../lib/toast/toast-store';
import { ConfirmDialog } from '../../../../lib/ui/confirm-dialog';
import { PageSpinner } from '../../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame } from '../../components/crm-page-frame';
import { AdminSectionGate, AdminTabs } from '../admin-tabs';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api-tokens-api';

const STATE_COLOR: Record<ApiTokenState, 'success' | 'default' | 'error'> = {
  active: 'success',
  expired: 'default',
  revoked: 'error',
};

/** Today in the browser's zone as 'YYYY-MM-DD' (the expiry day must come after it). */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const tokenFormSchema = z.object({
  name: z.string().trim().min(1, 'apiTokens.error.name').max(API_TOKEN_NAME_MAX),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)).min(1, 'apiTokens.error.scopes'),
  expiresOn: z
    .string()
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v > localToday()), 'apiTokens.error.expiresOn'),
});
type TokenFormValues = z.input<typeof tokenFormSchema>;

/** The token made, shown this once with a copy button and the warning. */
function SecretDialog({ created, onClose }: { created: ApiTokenCreated; onClose: () => void }) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      showToast({ messageId: 'apiTokens.secret.copied' }, { severity: 'success' });
    } catch {
      showToast({ messageId: 'apiTokens.secret.copyFailed' }, { severity: 'warning' });
    }
  };
  return (
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="api-token-secret-title">
      <DialogTitle id="api-token-secret-title">
        <T id="apiTokens.secret.title" />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            <T id="apiTokens.secret.warning" />
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('apiTokens.secret.label')}
              value={created.token}
              fullWidth
              multiline
              slotProps={{
                htmlInput: {
                  readOnly: true,
                  spellCheck: false,
                  onFocus: (e: FocusEvent<HTMLTextAreaElement>) => e.currentTarget.select(),
                },
                input: { sx: { fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' } },
              }}
            />
            <Button
              variant="outlined"
              startIcon={<ContentCopyRoundedIcon />}
              onClick={() => void copy()}
              sx={{ flexShrink: 0, minHeight: 56 }}
            >
              <T id="apiTokens.secret.copy" />
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          <T id="apiTokens.secret.done" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The create dialog (lib/forms): name, scopes, optional expiry day; the server's field errors land on their fields. */
function CreateTokenDialog({
  legacyId,
  onClose,
  onCreated,
}: {
  legacyId: number;
  onClose: () => void;
  onCreated: (created: ApiTokenCreated) => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateApiToken(legacyId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(tokenFormSchema, {
    defaultValues: { name: '', scopes: ['ingest:write'], expiresOn: '' } satisfies TokenFormValues,
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const created = await create.mutateAsync({
        name: values.name,
        scopes: values.scopes,
        // The end of the chosen day, in the browser's zone.
        expiresAt: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59`).toISOString() : null,
      });
      onCreated(created);
    } catch (error) {
      if (!applyServerErrors(form.setError, error, ['name', 'scopes']))
        setFailure(error instanceof Error ? error.message : String(error));
    }
  });
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="api-token-create-title">
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle id="api-token-create-title">
            <T id="apiTokens.dialog.title" />
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {failure ? <Alert severity="error">{failure}</Alert> : null}
              <FormTextField<TokenFormValues>
                name="name"
                label={t('apiTokens.field.name')}
                helperText={t('apiTokens.field.name.help')}
                required
                fullWidth
                autoFocus
                slotProps={{ htmlInput: { maxLength: API_TOKEN_NAME_MAX } }}
              />
              <Controller
                control={form.control}
                name="scopes"
                render={({ field, fieldState }) => (
                  <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                    <FormLabel component="legend">
                      <T id="apiTokens.field.scopes" />
                    </FormLabel>
                    <FormGroup>
                      {API_TOKEN_SCOPES.map((scope) => (
                        <FormControlLabel
                          key={scope}
                          control={
                            <Checkbox
                              checked={field.value.includes(scope)}
                              onChange={(e) => {
                                const next = e.target.checked
                                  ? [...field.value, scope]
                                  : field.value.filter((s) => s !== scope);
                                field.onChange(next);
                                if (fieldState.error) form.clearErrors('scopes');
                              }}
                            />
                          }
                          label={
                            <Box sx={{ py: 0.5 }}>
                              <Typography>
                                <T id={`apiTokens.scope.${scope}`} />
                              </Typography>
                              <Typography variant="body2" color="text.secondary">
                                <T id={`apiTokens.scope.${scope}.help`} />
                              </Typography>
                            </Box>
                          }
                          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 1 } }}
                        />
                      ))}
                    </FormGroup>
                    {fieldState.error?.message ? <FormHelperText>{t('apiTokens.error.scopes')}</FormHelperText> : null}
                  </FormControl>
                )}
              />
              <FormTextField<TokenFormValues>
                name="expiresOn"
                type="date"
                label={t('apiTokens.field.expiresOn')}
                helperText={t('apiTokens.field.expiresOn.help')}
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>
              <T id="apiTokens.cancel" />
            </Button>
            <FormSubmitButton size="medium" fullWidth={false} sx={{}} busyLabel={t('apiTokens.creating')}>
              <T id="apiTokens.create" />
            </FormSubmitButton>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}

function RevokeDialog({ legacyId, token, onClose }: { legacyId: number; token: ApiToken; onClose: () => void }) {
  const revoke = useRevokeApiToken(legacyId);
  const confirm = () =>
    revoke.mutate(token.id, {
      onSuccess: () => {
        showToast({ messageId: 'apiTokens.revoked' }, { severity: 'success' });
        onClose();
      },
      onError: (error) => {
        showToast({ text: error.message }, { severity: 'error' });
        onClose();
      },
    });
  return (
    <ConfirmDialog
      title={<T id="apiTokens.confirm.title" />}
      body={<T id="apiTokens.confirm.body" values={{ name: token.name, prefix: token.prefix }} />}
      confirmLabel={<T id="apiTokens.confirm.revoke" />}
      cancelLabel={<T id="apiTokens.cancel" />}
      busy={revoke.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function TokenItem({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const t = useT();
  const dates = useDates();
  const state = apiTokenState(token);
  const expiry =
    token.expiresAt === null ? (
      <T id="apiTokens.noExpiry" />
    ) : (
      <T
        id={state === 'expired' ? 'apiTokens.expiredAt' : 'apiTokens.expiresAt'}
        values={{ date: dates.dateTime(token.expiresAt) }}
      />
    );
  return (
    <Box
      component="li"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        opacity: state === 'active' ? 1 : 0.75,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{token.name}</Typography>
          <Chip size="small" color={STATE_COLOR[state]} label={<T id={`apiTokens.status.${state}`} />} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 0.75, flexWrap: 'wrap', rowGap: 0.5, alignItems: 'center' }}>
          <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace' }}>
            {token.prefix}…
          </Typography>
          {token.scopes.map((scope) => (
            <Chip key={scope} size="small" variant="outlined" label={<T id={`apiTokens.scope.${scope}`} />} />
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          <T id="apiTokens.createdAt" values={{ date: dates.dateTime(token.createdAt) }} />
          {' · '}
          {token.lastUsedAt ? (
            <T id="apiTokens.lastUsed" values={{ when: <RelativeTime value={token.lastUsedAt} /> }} />
          ) : (
            <T id="apiTokens.neverUsed" />
          )}
          {' · '}
          {token.revokedAt ? <T id="apiTokens.revokedAt" values={{ date: dates.dateTime(token.revokedAt) }} /> : expiry}
        </Typography>
      </Box>
      {state === 'revoked' ? null : (
        <Button
          size="small"
          color="error"
          onClick={onRevoke}
          aria-label={t('apiTokens.revokeLabel', { name: token.name })}
          sx={{ flexShrink: 0 }}
        >
          <T id="apiTokens.revoke" />
        </Button>
      )}
    </Box>
  );
}

function ApiTokensBody({ legacyId }: { legacyId: number }) {
  const t = useT();
  const partner = usePartner();
  const brand = partner.branding.shortName;
  const list = useApiTokens(legacyId);
  const [dialog, setDialog] = useState<
    { kind: 'create' } | { kind: 'secret'; created: ApiTokenCreated } | { kind: 'revoke'; token: ApiToken } | null
  >(null);
  const tokens = list.data?.tokens ?? [];
  const createButton = (
    <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setDialog({ kind: 'create' })}>
      <T id="apiTokens.create" />
    </Button>
  );
  return (
    <Paper variant="outlined" component="section" aria-label={t('apiTokens.title')} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
          <T id="apiTokens.intro" values={{ brand }} />
        </Typography>
        <Box sx={{ flexShrink: 0 }}>{createButton}</Box>
      </Stack>
      {list.error ? (
        <CrmErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <PageSpinner />
      ) : tokens.length === 0 ? (
        <CrmEmptyState
          icon={<KeyOutlinedIcon />}
          title={<T id="apiTokens.empty.title" />}
          body={<T id="apiTokens.empty.body" values={{ brand }} />}
        />
      ) : (
        <Stack
          component="ul"
          aria-label={t('apiTokens.listLabel')}
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {tokens.map((token) => (
            <TokenItem key={token.id} token={token} onRevoke={() => setDialog({ kind: 'revoke', token })} />
          ))}
        </Stack>
      )}
      {dialog?.kind === 'create' ? (
        <CreateTokenDialog
          legacyId={legacyId}
          onClose={() => setDialog(null)}
          onCreated={(created) => setDialog({ kind: 'secret', created })}
        />
      ) : null}
      {dialog?.kind === 'secret' ? <SecretDialog created={dialog.created} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'revoke' ? (
        <RevokeDialog legacyId={legacyId} token={dialog.token} onClose={() => setDialog(null)} />
      ) : null}
    </Paper>
  );
}

/** /crm/administrator/api-tokens: the signed-in user's tokens for integrations (users/:userLegacyId/tokens). */
export function ApiTokensPage() {
  const t = useT();
  const bootstrap = useBootstrap();
  const legacyId = bootstrap.data?.user.legacyId ?? null;
  return (
    <AdminSectionGate section="api-tokens">
      <CrmPageFrame title={t('apiTokens.title')} maxWidth="lg">
        {() => (
          <Stack spacing={0}>
            <AdminTabs />
            {legacyId === null ? (
              <Alert severity="info">
                <T id="apiTokens.signedOut" />
              </Alert>
            ) : (
              <ApiTokensBody legacyId={legacyId} />
            )}
          </Stack>
        )}
      </CrmPageFrame>
    </AdminSectionGate>
  );
}
