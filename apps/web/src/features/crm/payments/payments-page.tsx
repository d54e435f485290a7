import { useT } from '../../../lib/i18n/t';
import { CrmPageFrame } from '../components/crm-page-frame';

/** Issue 14: being built (this placeholder is replaced by the page). */
export function PaymentsPage() {
  const t = useT();
  return <CrmPageFrame title={t('payments.title')}>{() => null}</CrmPageFrame>;
}
