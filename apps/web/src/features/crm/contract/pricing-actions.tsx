import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { toDecimal, type ContractDetail, type ContractPricingExtras } from '@granary/domain';
import { Box, Button, Chip, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { useCrmFormat } from '../components/use-crm-format';
import { PRICING_ACTIONS, usePricingExtras, usePricingOperation, type PricingAction } from '../pricing/pricing-api';
import { PricingDialog } from '../pricing/pricing-dialog';

/** The pricing operations a contract's state allows now (the server decides again on save). */
function allowedPricingActions(detail: ContractDetail, extras: ContractPricingExtras | undefined): PricingAction[] {
  const row = detail.contract;
  const positive = (v: string | undefined) => v !== undefined && toDecimal(v).greaterThan(0);
  return PRICING_ACTIONS.filter((action) => {
    if (action === 'credit_sale')
      return detail.direction === 'purchase' && row.priceStatus === 'priced' && row.contractStatus !== 'cancelled';
    if (row.contractStatus !== 'open') return false;
    if (action === 'futures_set') return extras ? positive(extras.futuresOpenQuantity) : true;
    if (action === 'basis_set') return extras ? positive(extras.basisOpenQuantity) : true;
    if (action === 'pricing_addenda') return extras ? positive(extras.unfixedQuantity) : true;
    return true;
  });
}

/**
 * The contract's pricing actions (decision 041) as one menu button, each opening its dialog. Exported for the
 * contract page (task C) and the lists' "Price" action, which opens it with `initial`.
 */
export function ContractPricingActions({
  detail,
  initial = null,
  menu = true,
  onClosed,
}: {
  detail: ContractDetail;
  /** Open this action's dialog at once (a list row's "Price"). */
  initial?: PricingAction | null;
  /** false: only the dialog (opened with `initial`), no menu button. */
  menu?: boolean;
  onClosed?: () => void;
}) {
  const t = useT();
  const extras = usePricingExtras(detail.contract.clientId, detail.contract.id);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [action, setAction] = useState<PricingAction | null>(initial);
  const actions = allowedPricingActions(detail, extras.data);
  return (
    <>
      {menu && actions.length > 0 ? (
        <Button
          size="small"
          variant="outlined"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {t('crm.pricing.actions')}
        </Button>
      ) : null}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((a) => (
          <MenuItem
            key={a}
            onClick={() => {
              setAnchor(null);
              setAction(a);
            }}
          >
            {t(`crm.pricing.op.${a}` as MessageId)}
          </MenuItem>
        ))}
      </Menu>
      {action ? (
        <PricingDialog
          detail={detail}
          action={action}
          onClose={() => {
            setAction(null);
            onClosed?.();
          }}
        />
      ) : null}
    </>
  );
}

/** Addenda, secondary obligations (with their fulfil / cancel actions) and the credit-sale day, under the pricing table. */
export function ContractPricingExtrasSection({ detail }: { detail: ContractDetail }) {
  const t = useT();
  const format = useCrmFormat();
  const row = detail.contract;
  const extras = usePricingExtras(row.clientId, row.id);
  const operation = usePricingOperation(row.clientId, row.id);
  const data = extras.data;
  if (!data || (data.addenda.length === 0 && data.obligations.length === 0 && !data.deferredPaymentDate)) return null;

  async function obligationEvent(obligationId: number, action: 'fulfilled' | 'cancelled') {
    try {
      await operation.mutateAsync({
        action: 'obligation_event',
        obligationId,
        body: { action },
        version: detail.version,
      });
    } catch (error) {
      showToast(
        { text: isApiError(error) || error instanceof Error ? error.message : t('crm.loadFailed') },
        { severity: 'error' },
      );
    }
  }

  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      {data.deferredPaymentDate ? (
        <Typography variant="body2">
          {t('crm.pricing.creditSaleOn', { day: format.day(data.deferredPaymentDate) })}
        </Typography>
      ) : null}
      {data.addenda.length > 0 ? (
        <Box>
          <Typography variant="subtitle2">{t('crm.pricing.addenda')}</Typography>
          <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.addenda.map((a) => (
              <Typography component="li" variant="body2" key={a.id} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                <strong>{a.displayAddendumId}</strong>{' '}
                {a.kind === 'pricing' && a.quantity && a.cashPrice
                  ? t('crm.pricing.addendum.pricing', {
                      quantity: `${format.quantity(a.quantity)} ${row.quantityUnit}`,
                      cash: format.prices.cash(a.cashPrice),
                      futures: a.futuresPrice ? format.prices.futures(a.futuresPrice) : '—',
                      basis: a.basis ? format.prices.basis(a.basis) : '—',
                    })
                  : [a.name, ...Object.entries(a.terms).map(([k, v]) => `${k}: ${String(v)}`)].join(' · ')}
              </Typography>
            ))}
          </Stack>
        </Box>
      ) : null}
      {data.obligations.length > 0 ? (
        <Box>
          <Typography variant="subtitle2">{t('crm.pricing.obligations')}</Typography>
          <Stack spacing={1}>
            {data.obligations.map((o) => (
              <Stack key={o.id} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
                  {t('crm.pricing.obligation.due', {
                    kind: t(`crm.pricing.kind.${o.kind}`),
                    quantity: `${format.quantity(o.quantity)} ${row.quantityUnit}`,
                    day: format.day(o.dueDate),
                  })}
                  {o.description ? ` — ${o.description}` : ''}
                </Typography>
                <Chip size="small" variant="outlined" label={t(`crm.pricing.obligation.status.${o.status}`)} />
                {o.status === 'open' ? (
                  <>
                    <Button
                      size="small"
                      disabled={operation.isPending}
                      onClick={() => void obligationEvent(o.id, 'fulfilled')}
                    >
                      {t('crm.pricing.obligation.fulfil')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={operation.isPending}
                      onClick={() => void obligationEvent(o.id, 'cancelled')}
                    >
                      {t('crm.pricing.obligation.cancel')}
                    </Button>
                  </>
                ) : null}
              </Stack>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
