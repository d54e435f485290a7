import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import type { ContractDetail } from '@granary/domain';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/t';
import { useCrmContext } from '../api/markets';
import { NewContractDialog } from './new-contract-dialog';

/**
 * "Edit terms" on an open contract (issue 14): the New contract form in edit mode. Before the contract is sent for
 * signature the terms simply change; after, saving records an amendment. Stays where it was opened (the drawer).
 */
export function EditTermsButton({ detail }: { detail: ContractDetail }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const context = useCrmContext();
  const row = detail.contract;
  const markets = context.data?.markets ?? [];
  const market = markets.find((m) => m.id === row.marketId);
  if (row.contractStatus !== 'open' || !market?.entitlements.includes('grain-buying-contracts')) return null;
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<EditNoteOutlinedIcon />} onClick={() => setOpen(true)}>
        {t('crm.write.editTerms')}
      </Button>
      <NewContractDialog
        open={open}
        onClose={() => setOpen(false)}
        markets={markets}
        marketId={row.marketId}
        edit={{ clientId: row.clientId, contractId: row.id, clientName: row.client }}
        onSaved={() => setOpen(false)}
      />
    </>
  );
}
