import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../lib/browser/page-location';
import { renderApp } from '../../test/render-app';
import { checkVersion, versionPollInterval, versionState } from './version-check';

function serveVersion(web: { required: number; latest: number }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ web, build: 'web-65' }), { status: 200 })),
  );
}

afterEach(() => {
  versionState.set('none');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('version check', () => {
  it('polls every VERSION_POLL_MS unless the cookie overrides it', () => {
    expect(versionPollInterval()).toBe(300000);
    document.cookie = 'granary_version_poll_ms=2000; path=/';
    expect(versionPollInterval()).toBe(2000);
    document.cookie = 'granary_version_poll_ms=oops; path=/';
    expect(versionPollInterval()).toBe(300000);
  });

  it('does nothing while the loaded build is current', async () => {
    serveVersion({ required: 63, latest: 64 });
    expect(await checkVersion()).toBe('none');
  });

  it('reloads on the next navigation when a newer build is out', async () => {
    serveVersion({ required: 63, latest: 65 });
    expect(await checkVersion()).toBe('reload-on-navigation');
  });

  it('forces the update when the server requires a newer build, and never steps back', async () => {
    serveVersion({ required: 65, latest: 65 });
    expect(await checkVersion()).toBe('force-update');
    serveVersion({ required: 63, latest: 64 });
    expect(await checkVersion()).toBe('force-update');
  });

  it('shows the update screen over the app when forced', async () => {
    const { router } = renderApp('/support', 'anonymous');
    expect(await screen.findByRole('heading', { level: 1, name: 'Prairie support' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/support');
    versionState.set('force-update');
    expect(await screen.findByRole('heading', { name: 'There is a new update' })).toBeTruthy();
    expect(screen.getByText('The application will reload in 5 seconds...')).toBeTruthy();
  });

  it('does a full page load on the next navigation after a newer build appeared', async () => {
    const reload = vi.spyOn(pageLocation, 'reload').mockImplementation(() => {});
    const { router } = renderApp('/support', 'anonymous');
    expect(await screen.findByRole('heading', { level: 1, name: 'Prairie support' })).toBeTruthy();
    versionState.set('reload-on-navigation');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).not.toHaveBeenCalled();
    await router.navigate('/market');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
