import { describe, expect, it } from 'vitest';
import { buildPath, matchPath, matchPathScored, pathSegments } from './match-path.ts';

describe('matchPath', () => {
  it('matches static paths exactly, ignoring case, a trailing slash and empty segments', () => {
    expect(matchPath('/crm/bids', '/crm/bids')).toEqual({});
    expect(matchPath('/crm/bids', '/crm/bids/')).toEqual({});
    expect(matchPath('/crm/bids', '/CRM/Bids')).toEqual({});
    expect(matchPath('/crm/bids', '/crm//bids')).toEqual({});
    expect(matchPath('/crm/bids', '/crm/bids/x')).toBeNull();
    expect(matchPath('/crm/bids', '/crm')).toBeNull();
    expect(matchPath('/crm/bids', '/crm/bid')).toBeNull();
  });

  it('matches the root', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '')).toEqual({});
    expect(matchPath('/', '/x')).toBeNull();
  });

  it('captures required params, decoded, keeping their case', () => {
    expect(matchPath('/crm/client/:clientId', '/crm/client/42')).toEqual({ clientId: '42' });
    expect(matchPath('/market/:marketName', '/market/Des%20Moines')).toEqual({ marketName: 'Des Moines' });
    expect(matchPath('/crm/client/:clientId', '/crm/client')).toBeNull();
    expect(matchPath('/crm/client/:clientId', '/crm/client/42/notes')).toBeNull();
  });

  it('keeps a malformed escape as is', () => {
    expect(matchPath('/a/:b', '/a/%E0%A4%A')).toEqual({ b: '%E0%A4%A' });
  });

  it('matches optional params with and without the segment', () => {
    expect(matchPath('/market/:marketName?', '/market')).toEqual({});
    expect(matchPath('/market/:marketName?', '/market/')).toEqual({});
    expect(matchPath('/market/:marketName?', '/market/ames')).toEqual({ marketName: 'ames' });
    expect(matchPath('/market/:marketName?', '/market/ames/x')).toBeNull();
  });

  it('fills two optional params left to right', () => {
    expect(matchPath('/error/:code?/:hash?', '/error')).toEqual({});
    expect(matchPath('/error/:code?/:hash?', '/error/404')).toEqual({ code: '404' });
    expect(matchPath('/error/:code?/:hash?', '/error/500/abc123')).toEqual({ code: '500', hash: 'abc123' });
    expect(matchPath('/error/:code?/:hash?', '/error/500/abc123/x')).toBeNull();
  });

  it('backtracks when an optional param would swallow a required static segment', () => {
    expect(matchPath('/a/:b?/c', '/a/c')).toEqual({});
    expect(matchPath('/a/:b?/c', '/a/x/c')).toEqual({ b: 'x' });
    expect(matchPath('/a/:b?/c', '/a/x')).toBeNull();
  });

  it('supports optional static segments', () => {
    expect(matchPath('/a/b?/c', '/a/c')).toEqual({});
    expect(matchPath('/a/b?/c', '/a/b/c')).toEqual({});
    expect(matchPath('/a/b?/c', '/a/x/c')).toBeNull();
  });

  it("captures the rest with a trailing '*' splat", () => {
    expect(matchPath('/docs/*', '/docs')).toEqual({ '*': '' });
    expect(matchPath('/docs/*', '/docs/a')).toEqual({ '*': 'a' });
    expect(matchPath('/docs/*', '/docs/a/b%20c/d/')).toEqual({ '*': 'a/b c/d' });
    expect(matchPath('/docs/*', '/doc/a')).toBeNull();
    expect(matchPath('/direct/:category/*', '/direct/seed/corn/hybrid')).toEqual({
      category: 'seed',
      '*': 'corn/hybrid',
    });
    expect(matchPath('*', '/anything/at/all')).toEqual({ '*': 'anything/at/all' });
  });

  it("refuses '*' anywhere but last", () => {
    expect(() => matchPath('/a/*/b', '/a/x/b')).toThrow(/last segment/);
  });

  it('ignores query and hash', () => {
    expect(matchPath('/crm/client/:clientId', '/crm/client/42?tab=notes#n1')).toEqual({ clientId: '42' });
  });
});

describe('matchPathScored', () => {
  it('ranks static over param over splat', () => {
    const sso = matchPathScored('/sign-in/sso', '/sign-in/sso')!.score;
    const method = matchPathScored('/sign-in/:method?', '/sign-in/sso')!.score;
    const splat = matchPathScored('/sign-in/*', '/sign-in/sso')!.score;
    expect(sso).toBeGreaterThan(method);
    expect(method).toBeGreaterThan(splat);
  });
});

describe('pathSegments', () => {
  it('splits without empties, query or hash', () => {
    expect(pathSegments('/a//b/?x=1#y')).toEqual(['a', 'b']);
    expect(pathSegments('/')).toEqual([]);
  });
});

describe('buildPath', () => {
  it('substitutes and encodes params', () => {
    expect(buildPath('/crm/client/:clientId', { clientId: '42' })).toBe('/crm/client/42');
    expect(buildPath('/crm/client/:clientId', { clientId: 7 })).toBe('/crm/client/7');
    expect(buildPath('/market/:marketName', { marketName: 'Des Moines/East' })).toBe('/market/Des%20Moines%2FEast');
  });

  it('drops missing optional params and keeps the pattern case', () => {
    expect(buildPath('/profit-center/:tab?/:slug?', {})).toBe('/profit-center');
    expect(buildPath('/profit-center/:tab?/:slug?', { tab: 'marketSummary' })).toBe('/profit-center/marketSummary');
    expect(buildPath('/Upper/:x?', { x: '' })).toBe('/Upper');
    expect(buildPath('/', {})).toBe('/');
  });

  it('inserts the splat', () => {
    expect(buildPath('/docs/*', { '*': 'a/b c' })).toBe('/docs/a/b%20c');
    expect(buildPath('/docs/*')).toBe('/docs');
  });

  it('throws on a missing required param', () => {
    expect(() => buildPath('/crm/client/:clientId', {})).toThrow(/clientId/);
  });
});
