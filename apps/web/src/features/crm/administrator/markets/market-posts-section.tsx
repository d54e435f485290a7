import { MARKET_POST_BODY_MAX, MARKET_POST_TITLE_MAX, type MarketPost } from '@granary/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Controller, FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../../lib/api/api-error';
import { FormSubmitButton, FormTextField } from '../../../../lib/forms/form-fields';
import { applyServerErrors } from '../../../../lib/forms/server-errors';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { PostsSection, type PostsSectionMessages } from '../../public-bids-admin/components/posts-section';
import { useSaveToasts } from '../../public-bids-admin/components/section';
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

const POST_MESSAGES: PostsSectionMessages = {
  add: 'adminMarkets.posts.add',
  empty: 'adminMarkets.posts.empty',
  listLabel: 'adminMarkets.posts.listLabel',
  edit: 'adminMarkets.posts.edit',
  delete: 'adminMarkets.posts.delete',
  confirmTitle: 'adminMarkets.posts.confirmTitle',
  confirmBody: 'adminMarkets.posts.confirmBody',
  confirmDelete: 'adminMarkets.posts.confirmDelete',
  deleted: 'adminMarkets.posts.deleted',
  cancel: 'adminMarkets.cancel',
};

/** A market's posts to its farmers: newest first, published or draft; add, edit and delete (with a confirmation). */
export function MarketPostsSection({ platformId, marketId }: { platformId: number; marketId: number }) {
  const t = useT();
  const dates = useDates();
  const list = useMarketPosts(platformId, marketId);
  const remove = useWriteMarketPost(platformId, marketId);
  return (
    <PostsSection<MarketPost>
      title={t('adminMarkets.posts.title')}
      subtitle={<T id="adminMarkets.posts.subtitle" />}
      messages={POST_MESSAGES}
      posts={list.data?.posts}
      error={list.error}
      onRetry={() => void list.refetch()}
      chip={(p) => ({
        color: p.published ? 'success' : 'default',
        label: <T id={p.published ? 'adminMarkets.posts.published' : 'adminMarkets.posts.draft'} />,
      })}
      meta={(p) =>
        p.publishedAt ? (
          <T
            id="adminMarkets.posts.publishedOn"
            values={{ date: dates.dateTime(p.publishedAt), author: p.author ?? '—' }}
          />
        ) : (
          <T
            id="adminMarkets.posts.writtenOn"
            values={{ date: dates.dateTime(p.createdAt), author: p.author ?? '—' }}
          />
        )
      }
      remove={remove}
      renderDialog={(editing, onClose) => (
        <PostDialog platformId={platformId} marketId={marketId} editing={editing} onClose={onClose} />
      )}
    />
  );
}
