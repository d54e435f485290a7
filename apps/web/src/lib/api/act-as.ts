import type { PersonSummary } from '@granary/domain';
import { request, settle, type ApiResult } from './request';

/** 'full' (default) or 'read_only' (every state-changing call refused); decision 011. */
export type ActAsScope = 'full' | 'read_only';
type ActingAs = { actingAs: PersonSummary; scope: ActAsScope };

/** POST act-as {user_id, scope} (permission act-as): the bootstrap then describes the acted-as user. */
export function actAs(userId: string, scope: ActAsScope = 'full'): Promise<ApiResult<ActingAs>> {
  return settle(request('/api/auth/act-as', { method: 'POST', body: { user_id: userId, scope } }));
}

/** DELETE act-as: back to the admin's own self (answers the same when not acting). */
export function stopActingAs(): Promise<ApiResult<{ actingAs: null }>> {
  return settle(request('/api/auth/act-as', { method: 'DELETE' }));
}

/** POST act-as/scope: narrows to read-only or widens to full while acting. */
export function changeActAsScope(scope: ActAsScope): Promise<ApiResult<ActingAs>> {
  return settle(request('/api/auth/act-as/scope', { method: 'POST', body: { scope } }));
}
