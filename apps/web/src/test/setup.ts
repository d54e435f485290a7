import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { connectivityState, sessionState } from '../lib/api/api-state';
import { dispatchEnterprise } from '../lib/enterprise/enterprise-store';
import { toastStore } from '../lib/toast/toast-store';

// Pages are lazy routes: a navigation completes once the page's module has loaded, which on a loaded
// two-core CI machine can take longer than testing-library's default second for findBy*/waitFor.
configure({ asyncUtilTimeout: 10_000 });

// The web test files share each worker's modules (isolate: false, docs/decisions/033): what one test leaves in the
// page, the stubs, the timers, the app-wide stores and the browser's storage is reset after every test, in every file.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toastStore.set([]);
  dispatchEnterprise({ type: 'bootstrapped', enterprises: [] });
  connectivityState.set({ offline: false, unrecoverableNetworkError: false });
  sessionState.set({ csrfToken: null, isLoggedIn: null });
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
  localStorage.clear();
  sessionStorage.clear();
});
