import { request, settle, type ApiResult } from '../../../lib/api/request';

/** POST act-as {user_id} (permission act-as): the bootstrap then describes the acted-as user. */
export function actAs(userId: string): Promise<ApiResult<{ actingAs: { id: string } }>> {
  return settle(request('/api/auth/act-as', { method: 'POST', body: { user_id: userId } }));
}
