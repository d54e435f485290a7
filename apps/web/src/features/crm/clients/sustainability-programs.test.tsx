import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SustainabilityProgram } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { market, paged, serveCrm } from './test-server';

// The market's sustainability programs on /crm/clients for buyer-admins (issue 17, decision 059's addendum): listed,
// closed, and a new one with its survey, with the form's and the API's rules; not shown to other buyers.

afterEach(() => vi.restoreAllMocks());

const PROGRAM: SustainabilityProgram = {
  id: 3,
  surveyId: 5,
  marketId: 10,
  marketLabel: 'Ames Elevator',
  partnerName: 'Granary Grain',
  cropId: 1,
  crop: 'Corn',
  cropYear: 2027,
  name: 'Low-carbon corn 2027',
  description: '',
  premium: '0.1',
  premiumUnit: 'bushel',
  practices: ['Cover crops'],
  enrolmentOpens: '2026-11-01',
  enrolmentCloses: '2027-03-31',
  maxAcres: null,
  status: 'open',
  enrolmentOpen: true,
  questions: [
    { id: 'cover_crop', kind: 'choice', label: 'Which cover crop?', required: true, options: ['Rye', 'Oats'] },
  ],
};

const PROGRAMS = '/le/1/market/10/sustainability-programs';

function serve(admin: boolean) {
  return serveCrm((call, path) => {
    if (path === '/market/10/le-search') return { status: 200, body: paged([]) };
    if (path === '/le/1/markets')
      return {
        status: 200,
        body: {
          markets: [market(10, 'Ames Elevator')],
          adminPermissions: admin ? { 'buyer-admin': 'all' } : {},
          isAdmin: false,
        },
      };
    if (path === PROGRAMS && call.method === 'GET') return { status: 200, body: { items: [PROGRAM] } };
    if (path === PROGRAMS && call.method === 'POST') return { status: 201, body: { ...PROGRAM, id: 4 } };
    if (path === `${PROGRAMS}/3` && call.method === 'PUT')
      return { status: 200, body: { ...PROGRAM, status: 'closed' } };
    return undefined;
  });
}

describe('sustainability programs on the clients page', () => {
  it("lists the market's programs, closes one, and creates one with its survey", async () => {
    renderApp('/crm/clients', 'buyer');
    const calls = serve(true);
    const section = await screen.findByRole('region', { name: 'Sustainability programs' });
    const table = await within(section).findByRole('table');
    expect(within(table).getByText('Low-carbon corn 2027')).toBeTruthy();
    expect(within(table).getByText('$0.10/bu')).toBeTruthy();
    expect(within(table).getByText('Corn 2027')).toBeTruthy();
    expect(within(table).getByText('11/01/2026 – 03/31/2027')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Close Low-carbon corn 2027' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close Low-carbon corn 2027?' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close Low-carbon corn 2027?' })).toBeNull());
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toMatchObject({ status: 'closed', questions: PROGRAM.questions, premium: '0.1' });

    fireEvent.click(within(section).getByRole('button', { name: 'New program' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sustainability program' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save program' }));
    expect((await within(dialog).findAllByText('Required')).length).toBeGreaterThan(2);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Cover crop soybeans' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Crop/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Soybeans' }));
    fireEvent.change(within(dialog).getByLabelText(/^Premium/), { target: { value: '8' } });
    fireEvent.change(within(dialog).getByLabelText(/^Enrollment opens/), { target: { value: '2026-12-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Enrollment closes/), { target: { value: '2026-11-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Question 1/ }), {
      target: { value: 'Cover crops on every field?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save program' }));
    // The API's own rule, checked before sending.
    expect(await within(dialog).findByText('Closes before it opens')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Enrollment closes/), { target: { value: '2027-03-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save program' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New sustainability program' })).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toMatchObject({
      name: 'Cover crop soybeans',
      cropId: 2,
      premium: '8',
      premiumUnit: 'bushel',
      status: 'draft',
      maxAcres: null,
      questions: [{ id: 'q1', kind: 'yes_no', label: 'Cover crops on every field?', required: true }],
    });
  });

  it('is not shown to a buyer who is no buyer-admin', async () => {
    renderApp('/crm/clients', 'buyer');
    serve(false);
    await screen.findByRole('combobox', { name: 'Market' });
    expect(screen.queryByRole('region', { name: 'Sustainability programs' })).toBeNull();
  });
});
