import { versionResponseSchema, type VersionResponse } from '@granary/domain';
import { request, settle } from './request';

/** GET /version.json; null when it cannot be read (the check simply waits for the next tick). */
export async function fetchVersion(): Promise<VersionResponse | null> {
  const result = await settle(
    request<unknown>('/version.json', {
      handleNetworkErrors: false,
      handleSessionExpiry: false,
      checkSession: false,
      query: { t: Date.now() },
    }),
  );
  if (!result.ok) return null;
  const parsed = versionResponseSchema.safeParse(result.json);
  return parsed.success ? parsed.data : null;
}
