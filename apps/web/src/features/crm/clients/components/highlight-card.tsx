import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import { CONTRACT_TYPE_LABELS, NOTE_CATEGORY_LABELS, PRICE_STATUS_LABELS, type NoteRow } from '@granary/domain';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../../lib/api/api-error';
import { T, useT } from '../../../../lib/i18n/t';
import { useLocalizedPath } from '../../../../lib/routing/route-handle';
import { useClientContract } from '../api/client-contract';
import { useClientNote } from '../api/client-note';
import type { ClientNotesParams } from '../api/client-notes';
import type { ProfileFormat } from '../profile-format';

const notFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 403);

/**
 * The record highlight_id points at (grain-marketing.md 2; the dashboard's recent activity opens a client with it)
 * when the notes list does not already show it: an older note of the client, or one of its contracts — a card at the
 * top of the profile, the contract with a link to its row in the contract list. The id is tried as a note first.
 */
export function HighlightCard({
  highlightId,
  notesParams,
  notesAllowed,
  shownInNotes,
  format,
}: {
  highlightId: number | null;
  notesParams: ClientNotesParams;
  notesAllowed: boolean;
  /** The notes list already shows (and highlights) it. */
  shownInNotes: boolean;
  format: ProfileFormat;
}) {
  const t = useT();
  const localized = useLocalizedPath();
  const ref = useRef<HTMLElement | null>(null);
  const note = useClientNote(notesParams, highlightId, notesAllowed && !shownInNotes);
  const tryContract = !shownInNotes && (!notesAllowed || (note.isError && notFound(note.error)));
  const contract = useClientContract(notesParams.clientId, highlightId, tryContract);
  const found = !shownInNotes && (note.data || contract.data);
  useEffect(() => {
    if (found) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [found]);

  if (highlightId === null || shownInNotes) return null;
  const frame = (icon: ReactNode, title: string, body: ReactNode, action?: ReactNode) => (
    <Paper
      ref={ref}
      component="section"
      aria-label={t('crm.client.highlighted')}
      variant="outlined"
      sx={(theme) => ({
        p: 2,
        borderColor: 'primary.main',
        bgcolor: alpha(theme.palette.primary.main, 0.05),
        boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.12)}`,
      })}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip size="small" color="primary" label={t('crm.client.highlighted')} />
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          </Stack>
          <Box sx={{ mt: 0.75 }}>{body}</Box>
        </Box>
        {action}
      </Stack>
    </Paper>
  );

  if (note.data) {
    const row: NoteRow = note.data;
    return frame(
      <StickyNote2OutlinedIcon />,
      t('crm.client.notes.item', { category: NOTE_CATEGORY_LABELS[row.category], date: format.day(row.noteDate) }),
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {row.note}
      </Typography>,
    );
  }
  if (contract.data) {
    const c = contract.data.contract;
    const href = `${localized('/crm/contracts')}?${new URLSearchParams({ market_id: String(c.marketId), client_legal_entity_id: String(c.clientId), highlight_id: String(c.id) }).toString()}`;
    const facts = [
      c.contractType ? CONTRACT_TYPE_LABELS[c.contractType] : null,
      t('crm.client.highlight.quantity', {
        quantity: format.quantity(c.quantity),
        crop: c.commodity,
        year: c.cropYear,
      }),
      c.priceStatus ? PRICE_STATUS_LABELS[c.priceStatus] : null,
      c.averageCash ? t('crm.client.highlight.cash', { price: format.price(c.averageCash) }) : null,
      c.deliveryStartIsoStr && c.deliveryEndIsoStr
        ? t('crm.client.highlight.delivery', {
            from: format.day(c.deliveryStartIsoStr),
            to: format.day(c.deliveryEndIsoStr),
          })
        : null,
    ].filter((fact): fact is string => Boolean(fact));
    return frame(
      <DescriptionOutlinedIcon />,
      t('crm.client.highlight.contract', { id: c.displayContractId ?? String(c.id) }),
      <Typography variant="body2" color="text.secondary">
        {facts.join(t('crm.client.highlight.separator'))}
      </Typography>,
      <Button
        component={RouterLink}
        to={href}
        endIcon={<ArrowForwardRoundedIcon />}
        sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        <T id="crm.client.highlight.open" />
      </Button>,
    );
  }
  return null;
}
