import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, snap } from '../support/browser.ts';

// A farm business's team end to end (issue 16's 'Done means', decision 052): the owner invites an advisor, who
// accepts in another browser and sees the farm business with only what the owner allowed; the owner turns input
// purchasing off for a sub-account, whose checkout page then says whom to ask. Addresses are new on every run. The
// farm business is the spec's own (global-setup's teamOwner), so the demo farm's team stays as the seed left it.

const PASSWORD = 'sorghum-Harvest-Moon-73!';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

/** The newest team invitation link sent to an address (the dev mailbox). */
async function invitationLink(page: Page, email: string): Promise<string> {
  const mailbox = (await (
    await page.request.get(`/api/dev/mailbox?${new URLSearchParams({ recipient: email, limit: '5' })}`)
  ).json()) as { messages: { template: string; text: string }[] };
  const link = mailbox.messages
    .filter((m) => m.template === 'team_invitation')
    .map((m) => /\/account\/invitation\?token=[A-Za-z0-9_%-]+/.exec(m.text)?.[0])[0];
  expect(link).toBeTruthy();
  return link!;
}

/** Opens an invitation link in a fresh browser and joins with a new account. */
async function join(link: string, first: string, viewport = { width: 390, height: 844 }): Promise<Page> {
  const context = await openContext(browser, { viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('heading', { name: /^Join / }).waitFor();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  return page;
}

describe('a farm business’s team', () => {
  it('an advisor joins with only what the owner allowed; a sub-account without input purchasing cannot check out', async () => {
    const stamp = Date.now();
    const advisorEmail = `e2e.advisor.${stamp}@demo.granary.test`;
    const subEmail = `e2e.sub.${stamp}@demo.granary.test`;
    const owner = await openContext(browser, { as: 'teamOwner' });
    contexts.push(owner);
    const page = await owner.newPage();
    const bootstrap = (await (await page.request.get('/api/bootstrap')).json()) as {
      current_enterprise_id: number | null;
      enterprises: Record<string, { publicId: string; name: string; role?: string }>;
    };
    const farm =
      bootstrap.enterprises[String(bootstrap.current_enterprise_id)] ??
      Object.values(bootstrap.enterprises).find((e) => e.role === 'owner')!;
    expect(farm.name).toBe('Cedar Creek Farms');

    // The owner invites an advisor with agronomics and profit center access.
    await page.goto(`/enterprise/${farm.publicId}/team`);
    await page.getByRole('heading', { name: `Team of ${farm.name}` }).waitFor();
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: `Invite someone to ${farm.name}` });
    await dialog.getByLabel('E-mail address').fill(advisorEmail);
    await dialog.getByRole('radio', { name: /Advisor/ }).check();
    await dialog.getByLabel('Profit center (grain contracts and tickets)').check();
    await snap(page, 'team-invite-1280');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`We sent an invitation to ${advisorEmail}.`).waitFor();
    await page.getByRole('region', { name: 'Pending invitations' }).getByText(advisorEmail).waitFor();
    await snap(page, 'team-owner-1280');

    // The advisor accepts in another browser and lands on the farm business, seeing only what was allowed.
    const advisor = await join(await invitationLink(page, advisorEmail), 'Ada');
    await snap(advisor, 'team-invitation-390');
    await advisor.getByRole('button', { name: 'Accept and join' }).click();
    await advisor.waitForURL(new RegExp(`/enterprise/${farm.publicId}/team`));
    await advisor
      .getByText('Access denied: contact the primary account owner, who can toggle permissions in My Team.')
      .waitFor();
    await snap(advisor, 'team-advisor-denied-390');
    const access = (await (await advisor.request.get(`/api/auth/enterprises/${farm.publicId}/permissions`)).json()) as {
      role: string;
      permissions: string[];
    };
    expect(access).toMatchObject({ role: 'professional', permissions: ['has_profit_center_access', 'has_agronomics'] });
    await advisor.goto('/permissions');
    await advisor.getByRole('region', { name: farm.name }).waitFor();
    await snap(advisor, 'team-permissions-390');

    // A sub-account (input purchasing by default) joins; the owner turns input purchasing off for them.
    const invited = await page.request.post('/api/effu/subaccount', {
      data: { enterprise_id: farm.publicId, email: subEmail },
      headers: { 'x-csrf-token': ((await (await page.request.get('/api/bootstrap')).json()) as { csrf: string }).csrf },
    });
    expect(invited.status()).toBe(201);
    const sub = await join(await invitationLink(page, subEmail), 'Sam', { width: 1280, height: 800 });
    await sub.getByRole('button', { name: 'Accept and join' }).click();
    await sub.waitForURL(new RegExp(`/enterprise/${farm.publicId}/team`));
    const headers = {
      'x-csrf-token': ((await (await sub.request.get('/api/bootstrap')).json()) as { csrf: string }).csrf,
    };
    type Cart = { id: string; serial: number; enablement: { enabled: boolean; reason: string | null } };
    const cartNow = async () => (await (await sub.request.get('/api/store/cart')).json()) as Cart;
    // With input purchasing the sub-account has a cart and its checkout takes writes.
    const first = await cartNow();
    expect(first.enablement.enabled).toBe(true);
    expect(
      (await sub.request.post('/api/store/cart/clear', { data: { serial: first.serial }, headers })).status(),
    ).toBe(200);
    const checkoutWrite = async () => {
      const cart = await cartNow();
      return sub.request.put('/api/store/checkout/notes', {
        data: { cartId: cart.id, serial: cart.serial, notes: 'e2e' },
        headers,
      });
    };
    expect((await checkoutWrite()).status()).not.toBe(403);

    await page.reload();
    const card = page.getByRole('region', { name: 'Sam Tester' });
    const buying = card.getByLabel('Buy inputs (cart and checkout)');
    expect(await buying.isChecked()).toBe(true);
    await buying.uncheck();
    await page.getByText('The access of Sam Tester is saved.').waitFor();
    await snap(page, 'team-owner-toggled-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'team-owner-390');

    // The sub-account's checkout page says whom to ask, with no step or 'Place order' that would fail; so does the
    // cart; the server refuses the writes with the same code.
    await sub.goto('/direct/carts/checkout');
    const denied = 'Access denied: contact the primary account owner, who can toggle permissions in My Team.';
    await sub.getByRole('alert').filter({ hasText: denied }).waitFor();
    expect(await sub.getByRole('button', { name: /place order/i }).count()).toBe(0);
    await snap(sub, 'team-sub-checkout-denied-1280');
    await sub.setViewportSize({ width: 390, height: 844 });
    await snap(sub, 'team-sub-checkout-denied-390');
    await sub.getByRole('button', { name: /^Open the cart/ }).click();
    await sub.getByRole('dialog', { name: 'Your cart' }).getByText(denied).waitFor();
    await sub.waitForFunction(() => document.getAnimations().length === 0); // the drawer has slid in
    await snap(sub, 'team-sub-cart-denied-390');
    const refused = await checkoutWrite();
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('enterprise_access_required');
    expect((await cartNow()).enablement).toEqual({ enabled: false, reason: 'enterprise_access_required' });
  });
});
