import { describe, expect, it } from 'vitest';
import { historyUrl, queryParam, safeRedirectTarget, signInUrl } from './redirect.ts';

const HOST = 'app.granary.test';
const safe = (target: string | null | undefined, fallback?: string) => safeRedirectTarget(target, HOST, fallback);

describe('safeRedirectTarget', () => {
  describe('accepts relative paths', () => {
    it.each(['/dashboard', '/market/des-moines?x=1#top', '/user', '/my-sales-lite/bids', '/', '/%2F%2Fevil.com'])(
      '%s',
      (t) => {
        expect(safe(t)).toBe(t);
      },
    );

    it('trims surrounding whitespace', () => {
      expect(safe('  /user  ')).toBe('/user');
    });
  });

  describe('refuses other hosts', () => {
    it.each([
      'https://evil.com/dashboard',
      'http://evil.com',
      'https://app.granary.test.evil.com/x',
      'https://evil.com/?q=app.granary.test',
      '//evil.com',
      '//evil.com/dashboard',
      '//app.granary.test/x', // protocol-relative is refused even for our own host
      '/\\evil.com',
      '\\\\evil.com',
      '\\/evil.com',
      'https://app.granary.test@evil.com/',
      'https://user:pass@app.granary.test/x', // credentials in the URL are refused
      'https://app.granary.test:8080/x', // another port is another origin
      'https:evil.com',
      'https:/evil.com',
      'ftp://app.granary.test/x',
    ])('%s → /dashboard', (t) => {
      expect(safe(t)).toBe('/dashboard');
    });
  });

  describe('refuses scripts, other schemes and garbage', () => {
    it.each([
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '  javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'mailto:a@b.c',
      'dashboard',
      'evil.com',
      'not a url',
      '/\t/evil.com',
      '/\n/evil.com',
      '/dash\u0000board',
    ])('%j → /dashboard', (t) => {
      expect(safe(t)).toBe('/dashboard');
    });

    it.each(['', '   ', null, undefined])('%j → fallback', (t) => {
      expect(safe(t)).toBe('/dashboard');
      expect(safe(t, '/market')).toBe('/market');
    });
  });

  describe('reduces a same-host absolute URL to path + search + hash', () => {
    it.each([
      ['https://app.granary.test/crm/bids?page=2#top', '/crm/bids?page=2#top'],
      ['http://app.granary.test/user', '/user'],
      ['HTTPS://APP.GRANARY.TEST/user', '/user'],
      ['https://app.granary.test', '/'],
      ['https://app.granary.test?x=1', '/?x=1'],
      ['https://app.granary.test:443/user', '/user'],
      ['http://app.granary.test:80/user', '/user'],
      ['https://app.granary.test./user', '/user'],
    ])('%s → %s', (t, expected) => {
      expect(safe(t)).toBe(expected);
    });

    it('checks the reduced path again', () => {
      expect(safe('https://app.granary.test//evil.com')).toBe('/dashboard');
      expect(safe('https://app.granary.test/\\evil.com')).toBe('/dashboard');
      expect(safe('https://app.granary.test\\@evil.com')).toBe('/dashboard');
    });

    it('compares ports when the current host has one', () => {
      expect(safeRedirectTarget('http://localhost:3000/user', 'localhost:3000')).toBe('/user');
      expect(safeRedirectTarget('http://localhost:3001/user', 'localhost:3000')).toBe('/dashboard');
      expect(safeRedirectTarget('http://localhost/user', 'localhost:3000')).toBe('/dashboard');
      expect(safeRedirectTarget('http://[::1]:3000/user', '[::1]:3000')).toBe('/user');
    });
  });

  describe('unwraps a nested redirect parameter', () => {
    it('once', () => {
      expect(safe('/sign-in/password?redirect=%2Fuser%3Ftab%3Dprofile')).toBe('/user?tab=profile');
    });

    it('repeatedly', () => {
      const inner = `/sign-in/password?redirect=${encodeURIComponent('/user')}`;
      const outer = `/sign-in/magic_link?redirect=${encodeURIComponent(inner)}`;
      expect(safe(outer)).toBe('/user');
      expect(safe(`https://app.granary.test${outer}`)).toBe('/user');
    });

    it('and checks what it unwraps', () => {
      expect(safe(`/sign-in/password?redirect=${encodeURIComponent('https://evil.com/')}`)).toBe('/dashboard');
      expect(safe('/sign-in/password?redirect=//evil.com')).toBe('/dashboard');
      expect(safe(`/sign-in/password?redirect=${encodeURIComponent('javascript:alert(1)')}`)).toBe('/dashboard');
    });

    it('keeps the outer target when the nested one is empty', () => {
      expect(safe('/user?redirect=')).toBe('/user?redirect=');
    });

    it('reads the parameter among others and ignores a hash', () => {
      expect(safe('/sign-in/password?a=1&redirect=%2Fuser&b=2#x')).toBe('/user');
      expect(safe('/user#redirect=%2F%2Fevil.com')).toBe('/user#redirect=%2F%2Fevil.com');
    });

    it('keeps the outer target when the nested value is a malformed escape', () => {
      expect(safe('/x?redirect=%E0%A4%A')).toBe('/x?redirect=%E0%A4%A');
    });

    it('gives up beyond 10 levels', () => {
      let t = '/user';
      for (let i = 0; i < 12; i += 1) t = `/sign-in/password?redirect=${encodeURIComponent(t)}`;
      expect(safe(t)).toBe('/dashboard');
    });
  });

  describe('lets /crm targets pass through untouched', () => {
    it.each([
      '/crm',
      '/crm/contracts?predefinedFilter=delinquent&page=2',
      '/crm/client/42#notes',
      '/crm?redirect=%2Fuser',
    ])('%s', (t) => {
      expect(safe(t)).toBe(t);
    });

    it('also when nested or absolute on our host', () => {
      expect(safe('/sign-in/password?redirect=%2Fcrm%2Fbids')).toBe('/crm/bids');
      expect(safe('https://app.granary.test/crm/offers?x=1')).toBe('/crm/offers?x=1');
    });
  });

  it('honours a custom fallback', () => {
    expect(safeRedirectTarget('https://evil.com', HOST, '/market')).toBe('/market');
  });
});

describe('queryParam', () => {
  it('decodes "+" and escapes', () => {
    expect(queryParam('/x?q=a+b%2Fc', 'q')).toBe('a b/c');
    expect(queryParam('/x?q', 'q')).toBe('');
    expect(queryParam('/x', 'q')).toBeNull();
    expect(queryParam('/x?a=1#q=2', 'q')).toBeNull();
  });
});

describe('historyUrl', () => {
  it.each([
    ['crm', '/crm'],
    ['/crm', '/crm'],
    ['//crm', '/crm'],
    ['///crm/bids?x=1', '/crm/bids?x=1'],
    ['\\evil.com', '/evil.com'],
    ['/\\evil.com', '/evil.com'],
    ['', '/'],
    ['/', '/'],
  ])('%s → %s', (input, expected) => {
    expect(historyUrl(input)).toBe(expected);
  });
});

describe('signInUrl', () => {
  it('encodes the current path and search as the redirect', () => {
    expect(signInUrl('/crm/bids?page=2&sort=crop')).toBe(
      '/sign-in/password?redirect=%2Fcrm%2Fbids%3Fpage%3D2%26sort%3Dcrop',
    );
    expect(signInUrl('/')).toBe('/sign-in/password?redirect=%2F');
  });

  it('round-trips through safeRedirectTarget', () => {
    const here = '/crm/contracts?predefinedFilter=to_arrive&page=3';
    expect(safeRedirectTarget(signInUrl(here), HOST)).toBe(here);
  });
});
