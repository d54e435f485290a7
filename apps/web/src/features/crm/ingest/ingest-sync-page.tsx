import { useT } from '../../../lib/i18n/t';
import { CrmPageFrame } from '../components/crm-page-frame';

/** Issue 15: being built (this placeholder is replaced by the page). */
export function IngestSyncPage() {
  const t = useT();
  return <CrmPageFrame title={t('ingest.sync.title')}>{() => null}</CrmPageFrame>;
}
