import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { MARKET_POST_BODY_MAX, MARKET_POST_TITLE_MAX, type MarketPost } from '@granary/domain';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../../lib/api/api-error';
import { FormSubmitButton, FormTextField } from '../../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../../lib/forms/server-errors';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { ConfirmDialog } from '../../../../lib/ui/confirm-dialog';
import { PageSpinner } from '../../../../lib/ui/page-spinner';
import { CrmErrorState } from '../../components/crm-page-frame';
import { Section, useSaveToasts } from '../../public-bids-admin/components/section';
import { useMarketPosts, useWriteMarketPost } from './admin-markets-api';

const postFormSchema = z.object({
  title: z.string().trim().min(1, 'adminMarkets.posts.titleRequired').max(MARKET_POST_TITLE_MAX),
  body: z.string().max(MARKET_POST_BODY_MAX),
  published: z.boolean(),
});
type PostFormValues = z.input<typeof postFormSchema>;

function PostDialog({
  platformId,
  marketId,
  editing,
  onClose,
}: {
  platformId: number;
  marketId: number;
  editing: MarketPost | null;
  onClose: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const write = useWriteMarketPost(platformId, marketId);
  const toasts = useSaveToasts();
  const form = useZodForm(postFormSchema, {
    defaultValues: editing
      ? { title: editing.title, body: editing.body, published: editing.published }
      : { title: '', body: '', published: true },
  });
  const body = form.watch('body');
  const submit = form.handleSubmit(async (fields) => {
    try {
      await write.mutateAsync(
        editing ? { kind: 'update', id: editing.id, version: editing.version, fields } : { kind: 'create', fields },
      );
      toasts.saved(editing ? 'adminMarkets.posts.updated' : 'adminMarkets.posts.created');
      onClose();
    } catch (error) {
      if (!applyServerErrors(form.setError, error, ['title', 'body'])) toasts.failed(error);
      if (isApiError(error) && error.status === 404) onClose();
    }
  });
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="market-post-title">
      <FormProvider {...form}>
        <form noValidate onSubmit={(e) => void submit(e)}>
          <DialogTitle id="market-post-title">
            <T id={editing ? 'adminMarkets.posts.dialog.edit' : 'adminMarkets.posts.dialog.add'} />
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <FormTextField<PostFormValues>
                name="title"
                label={t('adminMarkets.posts.field.title')}
                required
                fullWidth
                autoFocus
                slotProps={{ htmlInput: { maxLength: MARKET_POST_TITLE_MAX } }}
              />
              <FormTextField<PostFormValues>
                name="body"
                label={t('adminMarkets.posts.field.body')}
                multiline
                minRows={5}
                maxRows={14}
                fullWidth
                helperText={t('adminMarkets.posts.count', { count: body.length, max: MARKET_POST_BODY_MAX })}
                slotProps={{ htmlInput: { maxLength: MARKET_POST_BODY_MAX } }}
              />
              <Controller
                control={form.control}
                name="published"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label={t('adminMarkets.posts.field.published')}
                  />
                )}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>
              <T id="adminMarkets.cancel" />
            </Button>
            <FormSubmitButton size="medium" fullWidth={false} sx={{}}>
              <T id="adminMarkets.posts.save" />
            </FormSubmitButton>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}

function DeletePostDialog({
  platformId,
  marketId,
  post,
  onClose,
}: {
  platformId: number;
  marketId: number;
  post: MarketPost;
  onClose: () => void;
}) {
  const write = useWriteMarketPost(platformId, marketId);
  const toasts = useSaveToasts();
  const confirm = () =>
    write.mutate(
      { kind: 'delete', id: post.id, version: post.version },
      {
        onSuccess: () => {
          toasts.saved('adminMarkets.posts.deleted');
          onClose();
        },
        onError: (error) => {
          toasts.failed(error);
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      title={<T id="adminMarkets.posts.confirmTitle" />}
      body={<T id="adminMarkets.posts.confirmBody" values={{ title: post.title }} />}
      confirmLabel={<T id="adminMarkets.posts.confirmDelete" />}
      cancelLabel={<T id="adminMarkets.cancel" />}
      busy={write.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

/** A market's posts to its farmers: newest first, published or draft; add, edit and delete (with a confirmation). */
export function MarketPostsSection({ platformId, marketId }: { platformId: number; marketId: number }) {
  const t = useT();
  const dates = useDates();
  const list = useMarketPosts(platformId, marketId);
  const [dialog, setDialog] = useState<
    { kind: 'edit'; id: number | null } | { kind: 'delete'; post: MarketPost } | null
  >(null);
  const posts = list.data?.posts ?? [];
  const editing =
    dialog?.kind === 'edit' && dialog.id !== null ? (posts.find((p) => p.id === dialog.id) ?? null) : null;
  return (
    <Section
      title={t('adminMarkets.posts.title')}
      subtitle={<T id="adminMarkets.posts.subtitle" />}
      action={
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddRoundedIcon />}
          onClick={() => setDialog({ kind: 'edit', id: null })}
        >
          <T id="adminMarkets.posts.add" />
        </Button>
      }
    >
      {list.error ? (
        <CrmErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <PageSpinner />
      ) : posts.length === 0 ? (
        <Typography color="text.secondary">
          <T id="adminMarkets.posts.empty" />
        </Typography>
      ) : (
        <Stack
          component="ul"
          aria-label={t('adminMarkets.posts.listLabel')}
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {posts.map((p) => (
            <Box
              component="li"
              key={p.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', gap: 1 }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.title}</Typography>
                  <Chip
                    size="small"
                    color={p.published ? 'success' : 'default'}
                    label={<T id={p.published ? 'adminMarkets.posts.published' : 'adminMarkets.posts.draft'} />}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                  {p.publishedAt ? (
                    <T
                      id="adminMarkets.posts.publishedOn"
                      values={{ date: dates.dateTime(p.publishedAt), author: p.author ?? '—' }}
                    />
                  ) : (
                    <T
                      id="adminMarkets.posts.writtenOn"
                      values={{ date: dates.dateTime(p.createdAt), author: p.author ?? '—' }}
                    />
                  )}
                </Typography>
                {p.body ? (
                  <Typography variant="body2" sx={{ mt: 0.75, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {p.body}
                  </Typography>
                ) : null}
              </Box>
              <Stack direction="row" sx={{ flexShrink: 0, alignItems: 'flex-start' }}>
                <IconButton
                  size="small"
                  aria-label={t('adminMarkets.posts.edit', { title: p.title })}
                  onClick={() => setDialog({ kind: 'edit', id: p.id })}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('adminMarkets.posts.delete', { title: p.title })}
                  onClick={() => setDialog({ kind: 'delete', post: p })}
                >
                  <DeleteOutlineRoundedIcon fontSize="small" />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {dialog?.kind === 'edit' && (dialog.id === null || editing) ? (
        <PostDialog
          key={dialog.id ?? 'new'}
          platformId={platformId}
          marketId={marketId}
          editing={editing}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeletePostDialog
          platformId={platformId}
          marketId={marketId}
          post={dialog.post}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Section>
  );
}
