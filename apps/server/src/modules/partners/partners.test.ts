import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { hostName } from './partners.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const partnerFor = async (host: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { host } })).json().partner;

describe('white-label partner resolution', () => {
  it('resolves the partner by exact vhost', async () => {
    const p = await partnerFor('prairie.localhost:3000');
    expect(p.id).toBe('prairie');
    expect(p.branding.shortName).toBe('Prairie');
    expect(p.branding.supportEmail).toBe('help@prairie.granary.test');
  });

  it('resolves the partner by vhostRegex on another domain', async () => {
    expect((await partnerFor('prairie.example.com')).id).toBe('prairie');
  });

  it('falls back to the demo partner for unknown hosts', async () => {
    expect((await partnerFor('localhost:3000')).id).toBe('demo');
    expect((await partnerFor('127.0.0.1')).id).toBe('demo');
    expect((await partnerFor('notprairie.example.com')).id).toBe('demo');
  });

  it('looks a partner up by intent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/commodities/merchandising/intent/prairie' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'prairie', displayName: 'Prairie Grain Co-op' });
  });

  it('answers an unknown intent with 404 and a code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/commodities/merchandising/intent/nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('reads the host name without port', () => {
    expect(hostName('Prairie.Localhost:3000')).toBe('prairie.localhost');
    expect(hostName('[::1]:3000')).toBe('[::1]');
    expect(hostName(undefined)).toBe('');
  });
});
