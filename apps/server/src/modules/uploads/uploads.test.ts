import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';

let t: TestApp;
let farmer: Caller;
let buyer: Caller;
let admin: Caller;
let farmerId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24, 1)]);
const parent = 'applicator-licence:9001';

const send = (who: Caller, body: Buffer, type: string, query = `parentGuid=${parent}&fileName=scan.pdf`) =>
  t.app.inject({
    method: 'POST',
    url: `/api/uploads?${query}`,
    headers: headersOf(who, { 'content-type': type }),
    payload: body,
  });
const get = (who: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: headersOf(who) });

beforeAll(async () => {
  t = await createTestApp({ crm: 'none' });
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  farmerId = (await get(farmer, '/api/bootstrap')).json().user.id;
});
afterAll(async () => t?.close());

describe('uploads', () => {
  it('stores a PDF as the raw body, lists it under its parent and gives the same bytes back to its owner', async () => {
    const res = await send(
      farmer,
      PDF,
      'application/pdf',
      `parentGuid=${parent}&fileName=${encodeURIComponent('C:\\scans\\Licence 2026.pdf')}`,
    );
    expect(res.statusCode).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({
      parentGuid: parent,
      fileName: 'Licence 2026.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      status: 'completed',
    });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);

    const list = await get(farmer, `/api/uploads?parentGuid=${parent}`);
    expect(list.json().files.map((f: { guid: string }) => f.guid)).toEqual([file.guid]);

    const down = await get(farmer, `/api/uploads/${file.guid}`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toContain('attachment');
    expect(down.rawPayload.equals(PDF)).toBe(true);

    expect((await send(farmer, PNG, 'image/png', `parentGuid=${parent}&fileName=photo.png`)).statusCode).toBe(201);
    expect((await get(farmer, `/api/uploads?parentGuid=${parent}`)).json().files).toHaveLength(2);
  });

  it('refuses other types, mislabelled and empty files with a 400 and files over 10 MB with a 413', async () => {
    const html = await send(farmer, Buffer.from('<html></html>'), 'text/html');
    expect(html.statusCode).toBe(400);
    expect(html.json().code).toBe('upload_type_not_allowed');
    const fake = await send(farmer, Buffer.from('<script>alert(1)</script>'), 'application/pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('upload_type_not_allowed');
    const empty = await send(farmer, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('upload_empty');
    const big = await send(farmer, Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES)]), 'application/pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'payload_too_large', message: 'Files can be at most 10 MB.' });
    const bad = await send(farmer, PDF, 'application/pdf', 'parentGuid=../etc&fileName=x.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_request');
    expect((await get(farmer, `/api/uploads?parentGuid=${parent}`)).json().files).toHaveLength(2); // nothing stored
  });

  it('needs a session and the CSRF token', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/uploads?parentGuid=${parent}&fileName=a.pdf`,
      headers: { 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect([401, 403]).toContain(anon.statusCode);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/uploads?parentGuid=${parent}&fileName=a.pdf`,
      headers: { cookie: farmer.cookie, 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("hides a user's files from everyone else (404), except a super admin acting for them", async () => {
    const guid = (await get(farmer, `/api/uploads?parentGuid=${parent}`)).json().files[0].guid as string;
    expect((await get(buyer, `/api/uploads/${guid}`)).statusCode).toBe(404);
    expect((await get(buyer, `/api/uploads?parentGuid=${parent}`)).json().files).toEqual([]);
    expect((await get(buyer, `/api/uploads?parentGuid=${parent}&userId=${farmerId}`)).statusCode).toBe(404);
    expect(
      (await send(buyer, PDF, 'application/pdf', `parentGuid=${parent}&fileName=x.pdf&userId=${farmerId}`)).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/uploads/${guid}`, headers: headersOf(buyer) })).statusCode,
    ).toBe(404);

    expect((await get(admin, `/api/uploads?parentGuid=${parent}&userId=${farmerId}`)).json().files).toHaveLength(2);
    expect((await get(admin, `/api/uploads/${guid}`)).statusCode).toBe(200);
    expect((await get(farmer, `/api/uploads/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('takes at most 20 files under one parent', async () => {
    const other = 'applicator-licence:9002';
    for (let i = 0; i < 20; i++)
      expect((await send(farmer, PDF, 'application/pdf', `parentGuid=${other}&fileName=p${i}.pdf`)).statusCode).toBe(
        201,
      );
    const over = await send(farmer, PDF, 'application/pdf', `parentGuid=${other}&fileName=p21.pdf`);
    expect(over.statusCode).toBe(400);
    expect(over.json().details).toEqual({ reason: 'upload_limit' });
  });

  it('deletes a file of its owner', async () => {
    const files = (await get(farmer, `/api/uploads?parentGuid=${parent}`)).json().files as { guid: string }[];
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${files[0]!.guid}`,
      headers: headersOf(farmer),
    });
    expect(del.statusCode).toBe(204);
    expect((await get(farmer, `/api/uploads/${files[0]!.guid}`)).statusCode).toBe(404);
    expect((await get(farmer, `/api/uploads?parentGuid=${parent}`)).json().files).toHaveLength(1);
  });
});
