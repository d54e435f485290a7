import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FormSubmitButton } from '../../lib/forms/form-fields';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { EmptyLine, LoadErrorAlert } from '../../lib/ui/page-states';

/**
 * A section of the address book (addresses, delivery contacts): title and add button (for those who may manage),
 * its line, the read-only note for the others, then loading, a failed load with retry, the empty line or the list.
 */
export function BookSection<T>({
  titleId,
  subtitleId,
  addId,
  emptyId,
  loadFailedId,
  canManage,
  showReadOnly,
  query,
  onAdd,
  children,
}: {
  titleId: MessageId;
  subtitleId: MessageId;
  addId: MessageId;
  emptyId: MessageId;
  loadFailedId: MessageId;
  canManage: boolean;
  showReadOnly: boolean;
  query: UseQueryResult<T[], unknown>;
  onAdd: () => void;
  children: (rows: T[]) => ReactNode;
}) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h3" component="h2">
          <T id={titleId} />
        </Typography>
        {canManage ? (
          <Button variant="contained" onClick={onAdd}>
            <T id={addId} />
          </Button>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <T id={subtitleId} />
      </Typography>
      {showReadOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <T id="addresses.readOnly" />
        </Alert>
      ) : null}
      {query.isPending ? (
        <Skeleton variant="rounded" height={88} />
      ) : query.isError ? (
        <LoadErrorAlert
          error={query.error}
          fallback={t(loadFailedId)}
          retryLabel={<T id="addresses.retry" />}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyLine>
          <T id={emptyId} />
        </EmptyLine>
      ) : (
        children(query.data)
      )}
    </Paper>
  );
}

/** The add/edit dialog of a book entry: full screen on a phone, its form, Cancel and Save. */
export function BookDialog<V extends FieldValues>({
  titleId,
  form,
  onSubmit,
  onClose,
  children,
}: {
  titleId: MessageId;
  form: UseFormReturn<V, unknown, FieldValues>;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const labelId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={labelId}>
      <DialogTitle id={labelId}>
        <T id={titleId} />
      </DialogTitle>
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          <DialogContent sx={{ pt: 1 }}>
            <Stack spacing={2}>{children}</Stack>
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
