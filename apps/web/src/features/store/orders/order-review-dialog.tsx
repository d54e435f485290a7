import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Rating,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, type OrderDetail, type OrderLine } from '@granary/domain';
import { useT } from '../../../lib/i18n/t';
import { useSaveReview } from './orders-api';

/** 'Write a review' / 'Edit your review' of one line of a delivered order: a rating (required), a headline and a text. */
export function ReviewDialog({
  order,
  line,
  onClose,
}: {
  order: OrderDetail;
  line: OrderLine;
  onClose: (saved: boolean) => void;
}) {
  const t = useT();
  const save = useSaveReview(order.id);
  const [rating, setRating] = useState<number | null>(line.review?.rating ?? null);
  const [title, setTitle] = useState(line.review?.title ?? '');
  const [body, setBody] = useState(line.review?.body ?? '');
  const [touched, setTouched] = useState(false);
  const submit = () => {
    setTouched(true);
    if (!rating) return;
    save.mutate({ productId: line.productId, body: { rating, title, body } }, { onSuccess: () => onClose(true) });
  };
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="review-title">
      <DialogTitle id="review-title">{t('orders.review.title', { product: line.productName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box>
            <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
              {t('orders.review.rating')}
            </Typography>
            <Rating name="rating" value={rating} onChange={(_, v) => setRating(v)} size="large" />
            {touched && !rating ? (
              <Typography variant="body2" color="error" role="alert">
                {t('orders.review.needRating')}
              </Typography>
            ) : null}
          </Box>
          <TextField
            label={t('orders.review.headline')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: REVIEW_TITLE_MAX } }}
          />
          <TextField
            label={t('orders.review.body')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: REVIEW_BODY_MAX } }}
          />
          {save.error ? <Alert severity="error">{save.error.message}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('orders.review.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('orders.review.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
