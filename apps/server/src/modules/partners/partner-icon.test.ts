import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { partnerIconSvg } from './partner-icon.routes.ts';

// The favicon (issue 13): /favicon.ico and /favicon.svg answer 200 with the host partner's mark in its colour.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
});

afterAll(async () => {
  await t?.close();
});

describe('the partner icon', () => {
  it('answers /favicon.ico and /favicon.svg with an SVG in the partner colour', async () => {
    for (const url of ['/favicon.ico', '/favicon.svg']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'demo.localhost' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain('fill="#2e6b3a"');
      expect(res.body).toContain('>G</text>');
    }
    const prairie = await t.app.inject({ method: 'GET', url: '/favicon.svg', headers: { host: 'prairie.localhost' } });
    expect(prairie.body).toContain('fill="#8a4b14"');
    expect(prairie.body).toContain('>P</text>');
  });

  it('never writes a colour or letter from the data as markup', () => {
    const svg = partnerIconSvg({
      displayName: 'X',
      branding: { shortName: '<script>' } as never,
      theme: { primary: 'red" onload="alert(1)', secondary: '#fff' },
    });
    expect(svg).not.toContain('onload');
    expect(svg).toContain('>&#60;</text>');
    expect(svg).not.toContain('<script>');
  });
});
