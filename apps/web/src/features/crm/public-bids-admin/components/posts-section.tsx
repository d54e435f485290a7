import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Chip, IconButton, Stack, Typography, type ChipProps } from '@mui/material';
import { Fragment, useState, type ReactNode } from 'react';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { ConfirmDialog } from '../../../../lib/ui/confirm-dialog';
import { PageSpinner } from '../../../../lib/ui/page-spinner';
import { CrmErrorState } from '../../components/crm-page-frame';
import { Section, useSaveToasts } from './section';

/** What a listed post has: the market's announcements and its posts to farmers both are. */
export type PostLike = { id: number; version: number; title: string; body: string };

/** The delete half of a post's write mutation (the section confirms, then sends it at the post's version). */
export type PostDelete = {
  mutate: (
    input: { kind: 'delete'; id: number; version: number },
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
};

export type PostsSectionMessages = {
  add: MessageId;
  empty: MessageId;
  listLabel: MessageId;
  /** `{title}` of the post. */
  edit: MessageId;
  /** `{title}` of the post. */
  delete: MessageId;
  confirmTitle: MessageId;
  /** `{title}` of the post. */
  confirmBody: MessageId;
  confirmDelete: MessageId;
  deleted: MessageId;
  cancel: MessageId;
};

/**
 * A section listing a market's posts (newest first as the server sends them): Add, the list with its error, spinner
 * and empty states, each post's title with a chip, a line under it and its text; Edit opens the caller's dialog on the
 * post's latest version in the list (read again after a 412), Delete asks first.
 */
export function PostsSection<P extends PostLike>({
  title,
  subtitle,
  messages,
  posts,
  error,
  onRetry,
  chip,
  meta,
  dimmed,
  remove,
  renderDialog,
}: {
  title: string;
  subtitle?: ReactNode;
  messages: PostsSectionMessages;
  /** Undefined while the list loads. */
  posts: P[] | undefined;
  error: unknown;
  onRetry: () => void;
  chip: (post: P) => { color: ChipProps['color']; label: ReactNode };
  meta: (post: P) => ReactNode;
  dimmed?: (post: P) => boolean;
  remove: PostDelete;
  /** The add (editing null) or edit dialog, mounted afresh for each post it edits. */
  renderDialog: (editing: P | null, onClose: () => void) => ReactNode;
}) {
  const t = useT();
  const toasts = useSaveToasts();
  const [dialog, setDialog] = useState<{ kind: 'edit'; id: number | null } | { kind: 'delete'; post: P } | null>(null);
  const list = posts ?? [];
  const editing = dialog?.kind === 'edit' && dialog.id !== null ? (list.find((p) => p.id === dialog.id) ?? null) : null;
  const close = () => setDialog(null);
  const confirmDelete = (post: P) =>
    remove.mutate(
      { kind: 'delete', id: post.id, version: post.version },
      {
        onSuccess: () => {
          toasts.saved(messages.deleted);
          close();
        },
        onError: (failure) => {
          toasts.failed(failure);
          close();
        },
      },
    );
  return (
    <Section
      title={title}
      subtitle={subtitle}
      action={
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddRoundedIcon />}
          onClick={() => setDialog({ kind: 'edit', id: null })}
        >
          <T id={messages.add} />
        </Button>
      }
    >
      {error ? (
        <CrmErrorState error={error} onRetry={onRetry} />
      ) : !posts ? (
        <PageSpinner />
      ) : list.length === 0 ? (
        <Typography color="text.secondary">
          <T id={messages.empty} />
        </Typography>
      ) : (
        <Stack component="ul" aria-label={t(messages.listLabel)} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((p) => {
            const { color, label } = chip(p);
            return (
              <Box
                component="li"
                key={p.id}
                sx={{
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 1.5,
                  opacity: dimmed?.(p) ? 0.75 : 1,
                  display: 'flex',
                  gap: 1,
                  alignItems: 'flex-start',
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.title}</Typography>
                    <Chip size="small" color={color} label={label} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                    {meta(p)}
                  </Typography>
                  {p.body ? (
                    <Typography variant="body2" sx={{ mt: 0.75, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {p.body}
                    </Typography>
                  ) : null}
                </Box>
                <Stack direction="row" sx={{ flexShrink: 0 }}>
                  <IconButton
                    size="small"
                    aria-label={t(messages.edit, { title: p.title })}
                    onClick={() => setDialog({ kind: 'edit', id: p.id })}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t(messages.delete, { title: p.title })}
                    onClick={() => setDialog({ kind: 'delete', post: p })}
                  >
                    <DeleteOutlineRoundedIcon fontSize="small" />
                  </IconButton>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
      {dialog?.kind === 'edit' && (dialog.id === null || editing) ? (
        <Fragment key={dialog.id ?? 'new'}>{renderDialog(editing, close)}</Fragment>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={<T id={messages.confirmTitle} />}
          body={<T id={messages.confirmBody} values={{ title: dialog.post.title }} />}
          confirmLabel={<T id={messages.confirmDelete} />}
          cancelLabel={<T id={messages.cancel} />}
          busy={remove.isPending}
          onConfirm={() => confirmDelete(dialog.post)}
          onClose={close}
        />
      ) : null}
    </Section>
  );
}
