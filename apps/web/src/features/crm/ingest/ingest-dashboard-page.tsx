import { useT } from '../../../lib/i18n/t';
import { CrmPageFrame } from '../components/crm-page-frame';

/** Issue 15: being built (this placeholder is replaced by the page). */
export function IngestDashboardPage() {
  const t = useT();
  return <CrmPageFrame title={t('ingest.title')}>{() => null}</CrmPageFrame>;
}
