import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeWebDist, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { errorPageStatus } from './pages.routes.ts';

let t: TestApp;
const dist = fakeWebDist();
beforeAll(async () => {
  t = await createTestApp({ webDist: dist });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('pages', () => {
  it('answers an unknown path with the app and HTTP 404, naming the no-match message', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('The page you are looking for does not exist.');
    expect(res.body).toContain('<title>Granary</title>');
  });

  it('serves a known route with 200 and the untouched app', async () => {
    for (const path of [
      '/crm/contracts',
      '/market',
      '/en-ca/crm/client/42',
      '/sign-in/password',
      '/my-sales-lite/bids',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('redirects /login to /sign-in/password, keeping locale and query', async () => {
    const res = await get('/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-in/password');
    expect((await get('/en-ca/login?redirect=%2Fcrm')).headers.location).toBe(
      '/en-ca/sign-in/password?redirect=%2Fcrm',
    );
  });

  it('substitutes route parameters into redirects', async () => {
    expect((await get('/client/42')).headers.location).toBe('/crm/client/42');
    expect((await get('/contracts')).headers.location).toBe('/crm/contracts');
    expect((await get('/crm')).headers.location).toBe('/crm/dashboard');
  });

  it('sends home to /market when logged out and /dashboard when logged in (temporary redirects)', async () => {
    const out = await get('/');
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/market');
    const cookie = await t.sessionCookie(DEMO_ACCOUNTS.buyer);
    expect((await get('/', { cookie })).headers.location).toBe('/dashboard');
    expect((await get('/en-au')).headers.location).toBe('/en-au/market');
  });

  it('answers /error/:code with that status', async () => {
    expect((await get('/error/503')).statusCode).toBe(503);
    expect((await get('/error/410/abc')).statusCode).toBe(410);
    expect(errorPageStatus('200')).toBe(404);
    expect(errorPageStatus('nope')).toBe(404);
  });

  it('serves built assets with long caching, and never files outside the build', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const traversal = await get('/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(traversal.statusCode).toBe(404);
    expect(traversal.body).not.toContain('root:');
  });

  it('sends the precompressed copy of an asset to a browser that accepts it, and the plain file otherwise', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { brotliCompressSync, brotliDecompressSync, gzipSync } = await import('node:zlib');
    const source = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(join(dist, 'assets', 'big-5678.js'), source);
    writeFileSync(join(dist, 'assets', 'big-5678.js.br'), brotliCompressSync(source));
    writeFileSync(join(dist, 'assets', 'big-5678.js.gz'), gzipSync(source));

    const br = await get('/assets/big-5678.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.rawPayload.length).toBeLessThan(source.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);
    const gz = await get('/assets/big-5678.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/big-5678.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
    // An asset without compressed copies is sent as it is, whatever the browser accepts.
    const small = await get('/assets/app-1234.js', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log("app")');
  });

  it('serves a rebuilt index.html without a restart', async () => {
    const { writeFileSync, utimesSync } = await import('node:fs');
    const index = `${dist}/index.html`;
    writeFileSync(
      index,
      '<!doctype html><html><head><title>Rebuilt</title></head><body><div id="root"></div></body></html>',
    );
    utimesSync(index, new Date(), new Date(Date.now() + 5000));
    expect((await get('/crm/contracts')).body).toContain('<title>Rebuilt</title>');
  });

  it('reports the build tag of the built app in /version.json', async () => {
    expect((await get('/version.json')).json().build).toBe('web-64-test');
  });
});
