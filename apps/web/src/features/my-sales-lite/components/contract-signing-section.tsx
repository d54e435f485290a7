import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { FarmerAmendment, HistoryContract, SellerContract } from '@granary/domain';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';
import { AmendmentSignatureChip } from '../../../lib/trading/amendment-signature-chip';
import { useContractHistoryText } from '../../../lib/trading/contract-history';
import { useSellerContract } from '../api/signing';
import { EmptyLine } from '../../../lib/ui/page-states';
import { SignButton } from './sign-button';
import type { MslFormat } from './use-msl-format';

const PROFIT_CENTER = '/api/commodities/profit-center';

/** What waits for the farmer's signature: the contract, or its latest amendment, with a Sign button. */
function ToSign({ seller }: { seller: SellerContract }) {
  const t = useT();
  if (!seller.signingUrl) return null;
  const amendment = seller.amendments.find((a) => a.id === seller.signingAmendmentId) ?? null;
  return (
    <Alert
      severity="warning"
      icon={false}
      sx={{ mb: 2, alignItems: 'center', '& .MuiAlert-message': { flex: 1 } }}
      action={
        <SignButton
          url={seller.signingUrl}
          label={
            amendment
              ? t('esign.msl.signAmendment', { id: amendment.displayContractAmendmentId })
              : t('esign.msl.signContract', { number: seller.displayContractId })
          }
        />
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {amendment ? (
          <T id="esign.msl.signAmendment" values={{ id: amendment.displayContractAmendmentId }} />
        ) : (
          <T id="esign.msl.toSign" />
        )}
      </Typography>
    </Alert>
  );
}

/** What waits for the farmer's signature in the contract dialog: the contract or its latest amendment, with Sign. */
export function ContractToSign({ contractId }: { contractId: number }) {
  const seller = useSellerContract(contractId).data;
  if (!seller) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <ToSign seller={seller} />
    </Box>
  );
}

/**
 * The contract's amendments, each once (as the CRM's contract page lists them): the change in the contract history's
 * words (as the CRM writes them), its number and day, its signature state and its PDF. The list is the contract
 * view's (GET contracts/:id, notes excluded); the signature state is the seller view's
 * (contracts/:contractId/seller), shown once it has loaded.
 */
export function ContractAmendments({
  contractId,
  contract,
  amendments,
  fmt,
}: {
  contractId: number;
  contract: HistoryContract;
  amendments: readonly FarmerAmendment[];
  fmt: MslFormat;
}) {
  const t = useT();
  const history = useContractHistoryText(contract);
  const seller = useSellerContract(contractId).data;
  const signatures = new Map((seller?.amendments ?? []).map((a) => [a.id, a.signature]));
  if (amendments.length === 0)
    return (
      <EmptyLine>
        <T id="msl.detail.history.empty" />
      </EmptyLine>
    );
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {amendments.map((a) => {
        const signature = signatures.get(a.id);
        return (
          <Stack
            component="li"
            key={a.id}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.75, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box sx={{ flex: 1, minWidth: 160 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {a.displayContractAmendmentId} · {history({ action: a.action, details: a.changes })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {fmt.instant(a.createdAt)}
              </Typography>
            </Box>
            {signature ? <AmendmentSignatureChip signature={signature} /> : null}
            <Link
              href={`${PROFIT_CENTER}/contract-amendments/${a.id}/pdf`}
              target="_blank"
              rel="noopener"
              variant="body2"
              aria-label={t('esign.msl.amendmentPdfLabel', { id: a.displayContractAmendmentId })}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              <PictureAsPdfOutlinedIcon fontSize="small" />
              <T id="esign.msl.amendmentPdf" />
            </Link>
          </Stack>
        );
      })}
    </Stack>
  );
}
