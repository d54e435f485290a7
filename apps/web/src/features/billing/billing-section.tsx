import { Stack } from '@mui/material';
import { isApiError } from '../../lib/api/api-error';
import type { EnterpriseSectionProps } from '../../lib/enterprise/enterprise-section';
import { T, useT } from '../../lib/i18n/t';
import { AccessDenied } from '../../lib/ui/access-denied';
import { LoadErrorAlert } from '../../lib/ui/page-states';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { useCards } from './billing-api';
import { HistorySection } from './history-section';
import { PaymentMethodsSection } from './payment-methods-section';
import { PayoutsSection } from './payouts-section';

/**
 * One farm business's billing (platform.md 7.5, decision 056): payment methods, what it paid and what it was paid —
 * /billing for the current farm business and the Billing tab of the enterprise's pages. A member without financial
 * access gets the spec's access-denied and nothing else (the server refuses every call; the cards are asked first).
 */
export function BillingSection({ enterprisePublicId: e }: Pick<EnterpriseSectionProps, 'enterprisePublicId'>) {
  const t = useT();
  const cards = useCards(e);
  if (isApiError(cards.error) && cards.error.code === 'enterprise_access_required')
    return <AccessDenied variant="panel" />;
  if (cards.isError)
    return (
      <LoadErrorAlert
        error={cards.error}
        fallback={t('billing.loadFailed')}
        retryLabel={<T id="billing.retry" />}
        onRetry={isApiError(cards.error) && cards.error.code === 'not_found' ? undefined : () => void cards.refetch()}
      />
    );
  if (!cards.data) return <PageSpinner />;
  return (
    <Stack spacing={4}>
      <PaymentMethodsSection enterprisePublicId={e} cards={cards.data} />
      <HistorySection enterprisePublicId={e} />
      <PayoutsSection enterprisePublicId={e} />
    </Stack>
  );
}
