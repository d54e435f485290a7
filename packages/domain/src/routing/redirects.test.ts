import { describe, expect, it } from 'vitest';
import { HOME_REDIRECT_STATUS, REDIRECTS, findRedirect, homeTarget, resolveRedirect } from './redirects.ts';
import { matchRoute } from './routes.ts';

describe('REDIRECTS', () => {
  it('lists the redirects of the spec', () => {
    expect(REDIRECTS.map(({ from, to }) => [from, to])).toEqual([
      ['/login', '/sign-in/password'],
      ['/contracts', '/crm/contracts'],
      ['/deliveries', '/crm/deliveries'],
      ['/bids', '/crm/bids'],
      ['/offers', '/crm/offers'],
      ['/client/:clientId', '/crm/client/:clientId'],
      ['/crm', '/crm/dashboard'],
    ]);
  });

  it('all lead to a page of the route table', () => {
    for (const r of REDIRECTS) {
      expect(matchRoute(r.to.replace(':clientId', '1')), r.to).not.toBeNull();
    }
  });

  it('are permanent for legacy paths and temporary for /crm', () => {
    expect(findRedirect('/login')?.redirect.status).toBe(301);
    expect(findRedirect('/client/1')?.redirect.status).toBe(301);
    expect(findRedirect('/crm')?.redirect.status).toBe(302);
  });
});

describe('resolveRedirect', () => {
  it.each([
    ['/login', '/sign-in/password'],
    ['/contracts', '/crm/contracts'],
    ['/deliveries', '/crm/deliveries'],
    ['/bids', '/crm/bids'],
    ['/offers', '/crm/offers'],
    ['/crm', '/crm/dashboard'],
    ['/crm/', '/crm/dashboard'],
    ['/LOGIN', '/sign-in/password'],
  ])('%s → %s', (from, to) => {
    expect(resolveRedirect(from)).toBe(to);
  });

  it('substitutes parameters', () => {
    expect(resolveRedirect('/client/42')).toBe('/crm/client/42');
    expect(resolveRedirect('/client/ABC-7')).toBe('/crm/client/ABC-7');
    expect(resolveRedirect('/client/a%20b')).toBe('/crm/client/a%20b');
    expect(resolveRedirect('/client/a%2Fb')).toBe('/crm/client/a%2Fb');
  });

  it('carries the query string and hash over', () => {
    expect(resolveRedirect('/contracts?page=2&pageSize=50')).toBe('/crm/contracts?page=2&pageSize=50');
    expect(resolveRedirect('/client/42#notes')).toBe('/crm/client/42#notes');
  });

  it('returns null for paths that do not redirect', () => {
    expect(resolveRedirect('/')).toBeNull();
    expect(resolveRedirect('/crm/contracts')).toBeNull();
    expect(resolveRedirect('/client')).toBeNull();
    expect(resolveRedirect('/client/42/x')).toBeNull();
    expect(resolveRedirect('/login/magic')).toBeNull();
    expect(resolveRedirect('/contracts-old')).toBeNull();
  });
});

describe('homeTarget', () => {
  it('is the dashboard when logged in, the market otherwise, temporarily', () => {
    expect(homeTarget(true)).toBe('/dashboard');
    expect(homeTarget(false)).toBe('/market');
    expect(HOME_REDIRECT_STATUS).toBe(302);
  });
});
