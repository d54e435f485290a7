import { useT } from '../../../../lib/i18n/t';
import { CrmPageFrame } from '../../components/crm-page-frame';
import { AdminTabs } from '../admin-tabs';

/** Issue 15: being built (this placeholder is replaced by the page). */
export function AdminUsersPage() {
  const t = useT();
  return <CrmPageFrame title={t('adminUsers.title')}>{() => <AdminTabs />}</CrmPageFrame>;
}
