import type { AmendmentSignature } from '@granary/domain';
import { Chip } from '@mui/material';
import { useT } from '../i18n/t';

const COLOR = {
  not_required: 'default',
  not_sent: 'warning',
  sent: 'info',
  signed: 'success',
  void: 'default',
} as const satisfies Record<AmendmentSignature, string>;

/**
 * Where an amendment stands with its signer (domain amendmentSignatureOf), in the same words on the CRM's contract
 * page and in the farmer's contract dialog: 'No signature needed' when the partner does not have amendments signed,
 * 'Not sent for signature' when it does and the amendment was not sent yet.
 */
export function AmendmentSignatureChip({ signature }: { signature: AmendmentSignature }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[signature]}
      label={t(`contractHistory.signature.${signature}`)}
    />
  );
}
