import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { connectivityState, sessionState } from '../lib/api/api-state';
import { dispatchEnterprise } from '../lib/enterprise/enterprise-store';
import { toastStore } from '../lib/toast/toast-store';

// Pages are lazy routes: a navigation completes once the page's module has loaded, which on a loaded
// two-core CI machine can take longer than testing-library's default second for findBy*/waitFor.
configure({ asyncUtilTimeout: 10_000 });

// The web test files share each worker's modules (isolate: false, docs/decisions/033): what one test leaves in the
// page, the stubs, the timers, the app-wide stores and the browser's storage is reset after every test, in every file.
//
// Outside a test's own stub the network is a fetch that never answers. `vi.unstubAllGlobals()` puts back what fetch
// was before the first stub, and a test file's own afterEach runs before this file's (hooks run in reverse order),
// while its page is still mounted: a request made in that window reached the real fetch, which fails on a relative
// URL, and set the app-wide unrecoverable-network-error state after this file's reset — so the next test rendered the
// full-page error screen instead of its page (the structures page test that failed CI twice). Assigned, not stubbed,
// so that it is what every unstub puts back. A test that needs answers stubs fetch itself (renderApp, stubFetch).
function idleFetch(): Promise<Response> {
  return new Promise<Response>(() => {});
}
globalThis.fetch = idleFetch;

// A page replaced by the full-page error screen fails its test with the screen's markup alone; say which request
// put the app in that state, so such a failure can be traced (a structures page test did this once on CI).
// (Once per worker: this file runs before every test file, and the worker's modules are shared.)
const watched = globalThis as { connectivityWatched?: boolean };
if (!watched.connectivityWatched) {
  watched.connectivityWatched = true;
  connectivityState.subscribe(() => {
    if (connectivityState.get().unrecoverableNetworkError)
      console.warn('The app entered the unrecoverable-network-error state:', new Error('here').stack);
  });
}

// And the state starts clean, whatever a late answer of the previous test did after its reset.
beforeEach(() => {
  connectivityState.set({ offline: false, unrecoverableNetworkError: false });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  globalThis.fetch = idleFetch;
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
