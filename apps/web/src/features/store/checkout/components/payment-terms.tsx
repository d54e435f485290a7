import { Box, Button, FormControlLabel, Radio, Typography } from '@mui/material';
import { useState } from 'react';
import type { CheckoutView, PaymentTerm } from '@granary/domain';
import { usePartner } from '../../../../lib/brand/partner-context';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { money } from '../checkout-format';

const FINANCING_SHOWN = 4;

function termLabel(t: ReturnType<typeof useT>, term: PaymentTerm, brand: string): string {
  return t(`store.checkout.term.${term.replace(/[{}]/g, '')}` as MessageId, { brand });
}

/** What sets a term apart from the others: when it is paid, by whom, what it costs. */
function termHint(t: ReturnType<typeof useT>, term: PaymentTerm, brand: string): string {
  return t(`store.checkout.termHint.${term.replace(/[{}]/g, '')}` as MessageId, { brand });
}

/** A term's radio label: its name (with the card surcharge where it has one) and its one-line description. */
function TermLabel({ name, extra, hint }: { name: string; extra?: string | null; hint: string }) {
  return (
    <Box component="span" sx={{ display: 'block', py: 0.5 }}>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {name}{' '}
        {extra ? (
          <Typography component="span" variant="body2" color="text.secondary">
            {extra}
          </Typography>
        ) : null}
      </Box>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', lineHeight: 1.35 }}>
        {hint}
      </Typography>
    </Box>
  );
}

/**
 * The payment terms by group (inside the payment step's radio group), the card's surcharge beside it. The financing
 * group is long (9.3): its first terms, the rest behind one button (unless one of them is chosen).
 */
export function PaymentTermGroups({ view }: { view: CheckoutView }) {
  const t = useT();
  const partner = usePartner();
  const [allFinancing, setAllFinancing] = useState(false);
  const surcharge = Object.values(view.paymentMethodSurcharges)[0];
  const brand = partner.branding.shortName;
  const shownTerms = (g: CheckoutView['paymentTermGroups'][number]) =>
    g.group !== 'financing' ||
    allFinancing ||
    g.terms.slice(FINANCING_SHOWN).some((x) => x.term === view.cart.paymentTerms)
      ? g.terms
      : g.terms.slice(0, FINANCING_SHOWN);
  return view.paymentTermGroups.map((g) => (
    <Box key={g.group} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ fontWeight: 700, lineHeight: 2 }}>
        <T id={`store.checkout.group.${g.group}` as MessageId} />
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {shownTerms(g).map((x) => (
          <FormControlLabel
            key={x.term}
            value={x.term}
            control={<Radio size="small" />}
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
            label={
              <TermLabel
                name={termLabel(t, x.term, brand)}
                extra={
                  x.term === '{card_provider}_credit_card' && surcharge
                    ? t('store.checkout.surchargeShort', { pct: surcharge.effectivePct })
                    : null
                }
                hint={termHint(t, x.term, brand)}
              />
            }
          />
        ))}
      </Box>
      {shownTerms(g).length < g.terms.length ? (
        <Button size="small" onClick={() => setAllFinancing(true)}>
          {t('store.checkout.moreFinancing', { count: g.terms.length - shownTerms(g).length })}
        </Button>
      ) : null}
      {g.group === 'card' && surcharge ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('store.checkout.surcharge', {
            pct: surcharge.effectivePct,
            amount: money(surcharge.amount, view.cart.currency),
          })}
        </Typography>
      ) : null}
    </Box>
  ));
}
