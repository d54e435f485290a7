import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { ContractListRow } from '@granary/domain';
import { Box, Popover, Typography } from '@mui/material';
import { useState } from 'react';
import { useT } from '../../../../lib/i18n/t';
import { contractPdfUrl } from '../../contract-page/contract-page-api';
import { ContractSigningPanel } from '../../contract-page/contract-signing-panel';

/**
 * A contract's document in the contract documents tab (issue 14): the file name opens the contract's PDF (the signed
 * copy once signed), and the button beside it opens the signature panel — where it stands, Send / Resend / Send
 * amendment / Void. Plain elements until opened: a page has a hundred of these.
 */
export function DocumentCell({ row }: { row: ContractListRow }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const number = row.displayContractId ?? String(row.id);
  return (
    <>
      {row.document ? (
        <a
          href={contractPdfUrl(row.id)}
          target="_blank"
          rel="noopener"
          className="cell-link"
          title={row.document}
          aria-label={t('contractPage.openPdf', { number })}
        >
          {row.document}
        </a>
      ) : (
        <span aria-hidden className="muted">
          —
        </span>
      )}
      {row.eSignEligible ? (
        <button
          type="button"
          className="cell-link"
          aria-haspopup="dialog"
          aria-label={t('contractPage.rowActions', { number })}
          onClick={(event) => {
            event.stopPropagation();
            setAnchor(event.currentTarget);
          }}
          style={{ marginLeft: 4, verticalAlign: 'middle', display: 'inline-flex' }}
        >
          <ArrowDropDownIcon fontSize="small" />
        </button>
      ) : null}
      {anchor ? (
        <Popover
          open
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          onClick={(event) => event.stopPropagation()}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { sx: { p: 2, width: 360, maxWidth: 'calc(100vw - 32px)' } } }}
        >
          <Box role="dialog" aria-label={t('contractPage.rowActions', { number })}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('contractPage.title', { number })} · {row.client}
            </Typography>
            <ContractSigningPanel contractId={row.id} clientName={row.client} eligible />
          </Box>
        </Popover>
      ) : null}
    </>
  );
}
