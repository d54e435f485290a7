import type { ContractDetail } from '@granary/domain';
import { Box, Stack, Typography } from '@mui/material';
import { useT } from '../../../lib/i18n/t';
import { useContractHistoryText } from '../../../lib/trading/contract-history';
import { useCrmFormat } from '../components/use-crm-format';
import { EmptyLine } from '../../../lib/ui/page-states';

/**
 * A contract's amendments, newest first: what happened in words with its figures, its note or reason, then who and
 * when. The drawer's History and the contract page's History section show the same list.
 */
export function ContractHistoryList({
  contract,
  amendments,
}: {
  contract: ContractDetail['contract'];
  amendments: ContractDetail['amendments'];
}) {
  const t = useT();
  const format = useCrmFormat();
  const history = useContractHistoryText(contract);
  if (amendments.length === 0) {
    return <EmptyLine>{t('crm.contract.history.empty')}</EmptyLine>;
  }
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {[...amendments].reverse().map((amendment) => (
        <Box component="li" key={amendment.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {history(amendment)}
          </Typography>
          {typeof amendment.details.note === 'string' || typeof amendment.details.reason === 'string' ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {String(amendment.details.note ?? amendment.details.reason)}
            </Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {t('crm.contract.history.by', {
              id: amendment.displayContractAmendmentId,
              name: amendment.createdBy?.name ?? '—',
              when: format.dateTime(amendment.createdAt),
            })}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
