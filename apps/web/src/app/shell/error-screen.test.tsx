import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../lib/browser/page-location';
import { renderApp, renderWithIntl } from '../../test/render-app';
import { ErrorScreen } from './error-screen';

afterEach(() => vi.restoreAllMocks());

describe('ErrorScreen', () => {
  it('shows the exact texts, the illustration and the support e-mail of the partner', () => {
    renderWithIntl(<ErrorScreen />);
    expect(screen.getByRole('heading', { name: "Well, that ain't right." })).toBeTruthy();
    expect(screen.getByText("Looks like there's something wrong under the hood.")).toBeTruthy();
    expect(screen.getByRole('img', { name: /broken-down tractor/ })).toBeTruthy();
    const support = screen.getByTestId('error-support');
    expect(support.textContent).toBe('If the problem persists, please contact help@prairie.test');
    expect(screen.getByRole('link', { name: 'help@prairie.test' }).getAttribute('href')).toBe(
      'mailto:help@prairie.test',
    );
  });

  it('reloads with Refresh and goes to / with Return home', () => {
    const reload = vi.spyOn(pageLocation, 'reload').mockImplementation(() => {});
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    renderWithIntl(<ErrorScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Return home' }));
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('is the page of the error gateway /error/:code?/:hash?', async () => {
    renderApp('/error/503/abc123');
    expect(await screen.findByRole('heading', { name: "Well, that ain't right." })).toBeTruthy();
    expect(screen.getByText('Error 503')).toBeTruthy();
  });

  it('renders for /error without a code and under a locale prefix', async () => {
    renderApp('/en-ca/error');
    expect(await screen.findByRole('heading', { name: "Well, that ain't right." })).toBeTruthy();
  });

  it('is the router errorElement when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { createAppRoutes } = await import('../router');
    const routes = createAppRoutes();
    const Boom = () => {
      throw new Error('boom');
    };
    routes[0]?.children?.push({ path: 'boom', element: <Boom /> });
    renderApp('/boom', 'anonymous', routes);
    expect(await screen.findByRole('heading', { name: "Well, that ain't right." })).toBeTruthy();
  });
});
