import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FarmerSustainability, SustainabilityEnrolment } from '@granary/domain';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allMessages } from '../../../test/messages';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { toastStore } from '../../../lib/toast/toast-store';
import { renderApp } from '../../../test/render-app';
import { sustainabilityKeys } from './sustainability-api';
import { SustainabilityTab } from './sustainability-tab';

// The profit center's sustainability tab (issue 17, decision 059): program cards (premium through the money formatter,
// acres through the area text), the survey with its own and the server's field errors, the signature, the statuses.

const PC = '/api/commodities/profit-center';

const PROGRAM: FarmerSustainability['programs'][number] = {
  id: 3,
  surveyId: 5,
  marketId: 10,
  marketLabel: 'Ames Elevator',
  partnerName: 'Granary Grain',
  cropId: 1,
  crop: 'Corn',
  cropYear: 2027,
  name: 'Low-carbon corn 2027',
  description: 'A premium on every bushel from enrolled acres.',
  premium: '0.1',
  premiumUnit: 'bushel',
  practices: ['Cover crops', 'Reduced tillage'],
  enrolmentOpens: '2026-11-01',
  enrolmentCloses: '2027-03-31',
  maxAcres: '25000',
  status: 'open',
  enrolmentOpen: true,
  questions: [
    { id: 'cover_crop', kind: 'choice', label: 'Which cover crop?', required: true, options: ['Cereal rye', 'Oats'] },
    { id: 'reduced_tillage', kind: 'yes_no', label: 'No-till or strip-till?', required: true },
    { id: 'fields', kind: 'number', label: 'How many fields?', required: true, min: 1, max: 200 },
    { id: 'notes', kind: 'text', label: 'Anything else?', required: false },
  ],
  clients: [{ id: 501, name: 'Fieldman Family Farms' }],
  enrolments: [],
};

const SENT: SustainabilityEnrolment = {
  id: 77,
  programId: 3,
  surveyId: 5,
  clientId: 501,
  clientName: 'Fieldman Family Farms',
  cropId: 1,
  cropYear: 2027,
  acres: '1240.5',
  answers: [],
  status: 'sent',
  sentAt: '2026-11-27T15:00:00.000Z',
  signerName: null,
  signedAt: null,
  withdrawnAt: null,
};

function open(state: FarmerSustainability, route?: (call: StubCall, path: string) => StubReply | undefined) {
  // The tab on its own, with every message (the profit center page loads its area's with the page).
  const view = renderApp('/sustainability', 'farmer', [
    {
      path: '/sustainability',
      element: (
        <IntlProvider locale="en-US" messages={allMessages}>
          <SustainabilityTab />
        </IntlProvider>
      ),
    },
  ]);
  const calls = stubFetch((call) => {
    const path = call.url.pathname;
    const own = route?.(call, path);
    if (own) return own;
    if (path === `${PC}/sustainability`) return { status: 200, body: state };
    return undefined;
  });
  act(() => void view.queryClient.resetQueries({ queryKey: sustainabilityKeys.all }));
  return { ...view, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('the sustainability tab', () => {
  it('shows the program card with its premium, practices, window and no enrolled acres yet', async () => {
    open({ programs: [PROGRAM], enrolledAcres: [] });
    const card = await screen.findByRole('listitem', { name: 'Low-carbon corn 2027' });
    expect(within(card).getByText('$0.10/bu premium')).toBeTruthy();
    expect(within(card).getByText('Cover crops')).toBeTruthy();
    expect(within(card).getByText('Up to 25,000 ac in the program')).toBeTruthy();
    expect(within(card).getByText('Enrollment 11/01/2026 – 03/31/2027')).toBeTruthy();
    expect(screen.getByText('No enrolled acres yet.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Enroll' })).toBeTruthy();
  });

  it('shows a premium to the 4 decimals a program may have, not rounded to cents', async () => {
    open({ programs: [{ ...PROGRAM, premium: '0.0125' }], enrolledAcres: [] });
    const card = await screen.findByRole('listitem', { name: 'Low-carbon corn 2027' });
    expect(within(card).getByText('$0.0125/bu premium')).toBeTruthy();
  });

  it("checks the survey, shows the server's field errors, then sends it and opens the signature", async () => {
    let attempt = 0;
    const { calls } = open({ programs: [PROGRAM], enrolledAcres: [] }, (call, path) => {
      if (path === `${PC}/sustainability/5/sign` && call.method === 'POST') {
        attempt += 1;
        return attempt === 1
          ? {
              status: 400,
              body: {
                code: 'invalid_request',
                message: 'Please check the highlighted fields.',
                details: [{ path: 'acres', message: 'At most 100 acres are left in this program' }],
              },
            }
          : { status: 201, body: SENT };
      }
      if (path === `${PC}/sustainability/sign`)
        return { status: 200, body: { ...SENT, status: 'enrolled', signerName: 'Sam Fieldman' } };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enroll in Low-carbon corn 2027' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to signature' }));
    expect((await within(dialog).findAllByText('Required')).length).toBe(4);

    fireEvent.change(within(dialog).getByLabelText(/Acres to enrol/), { target: { value: '1,240.5' } });
    fireEvent.change(within(dialog).getByLabelText(/How many fields/), { target: { value: '500' } });
    fireEvent.mouseDown(within(dialog).getByLabelText(/Which cover crop/));
    fireEvent.click(await screen.findByRole('option', { name: 'Oats' }));
    fireEvent.mouseDown(within(dialog).getByLabelText(/No-till or strip-till/));
    fireEvent.click(await screen.findByRole('option', { name: 'Yes' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to signature' }));
    expect(await within(dialog).findByText('At most 200')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/How many fields/), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to signature' }));
    expect(await within(dialog).findByText('At most 100 acres are left in this program')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to signature' }));

    const sign = await screen.findByRole('dialog', { name: 'Sign your enrollment' });
    expect(
      within(sign).getByText('Fieldman Family Farms enrolls 1,240.5 ac of Corn 2027 in Low-carbon corn 2027.'),
    ).toBeTruthy();
    fireEvent.click(within(sign).getByRole('button', { name: 'Sign enrollment' }));
    expect(await within(sign).findByText('Tick the box to sign.')).toBeTruthy();
    fireEvent.change(within(sign).getByLabelText(/Your full name/), { target: { value: 'Sam Fieldman' } });
    fireEvent.click(within(sign).getByRole('checkbox'));
    fireEvent.click(within(sign).getByRole('button', { name: 'Sign enrollment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign your enrollment' })).toBeNull());

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[posts.length - 2]?.body).toEqual({
      clientId: 501,
      acres: '1240.5',
      answers: [
        { questionId: 'cover_crop', value: 'Oats' },
        { questionId: 'reduced_tillage', value: 'yes' },
        { questionId: 'fields', value: '6' },
      ],
    });
    expect(posts[posts.length - 1]?.body).toEqual({ enrolmentId: 77, name: 'Sam Fieldman', consent: true });
  });

  it('shows each enrolment with its status, Sign while it waits, and the enrolled acres per crop and year', async () => {
    open({
      programs: [
        {
          ...PROGRAM,
          enrolments: [
            {
              ...SENT,
              status: 'enrolled',
              signerName: 'Sam Fieldman',
              signedAt: '2026-11-27T16:00:00.000Z',
            },
          ],
        },
        { ...PROGRAM, id: 4, name: 'Soil health soybeans 2027', premiumUnit: 'acre', premium: '8', enrolments: [SENT] },
      ],
      enrolledAcres: [{ cropId: 1, crop: 'Corn', cropYear: 2027, acres: '1240.5' }],
    });
    expect(await screen.findByText('Corn 2027: 1,240.5 ac')).toBeTruthy();
    const corn = screen.getByRole('listitem', { name: 'Low-carbon corn 2027' });
    expect(within(corn).getByText('Enrolled')).toBeTruthy();
    expect(within(corn).getByText('Signed by Sam Fieldman on 11/27/2026')).toBeTruthy();
    expect(within(corn).queryByRole('button', { name: 'Enroll' })).toBeNull();
    const soy = screen.getByRole('listitem', { name: 'Soil health soybeans 2027' });
    expect(within(soy).getByText('$8.00/ac payment')).toBeTruthy();
    expect(within(soy).getByText('Waiting for your signature')).toBeTruthy();
    expect(within(soy).getByRole('button', { name: 'Sign' })).toBeTruthy();
  });

  it('continues a saved draft and saves it again unsent; Sign of a sent enrolment opens the e-sign page', async () => {
    const draft: SustainabilityEnrolment = {
      ...SENT,
      id: 78,
      status: 'draft',
      acres: '300',
      sentAt: null,
      answers: [{ questionId: 'cover_crop', value: 'Oats' }],
    };
    const { calls } = open(
      {
        programs: [
          { ...PROGRAM, enrolments: [draft] },
          {
            ...PROGRAM,
            id: 4,
            surveyId: 6,
            name: 'Soil health soybeans 2027',
            enrolments: [{ ...SENT, signingUrl: '/profit-center/builtin/sign/91' }],
          },
        ],
        enrolledAcres: [],
      },
      (call, path) =>
        path === `${PC}/sustainability/5/sign` && call.method === 'POST'
          ? { status: 201, body: { ...draft, acres: '320' } }
          : undefined,
    );
    const soy = await screen.findByRole('listitem', { name: 'Soil health soybeans 2027' });
    expect(within(soy).getByRole('link', { name: 'Sign' }).getAttribute('href')).toMatch(
      /\/profit-center\/builtin\/sign\/91$/,
    );
    const corn = screen.getByRole('listitem', { name: 'Low-carbon corn 2027' });
    expect(within(corn).getByText('Draft')).toBeTruthy();
    expect(within(corn).queryByRole('button', { name: 'Enroll again' })).toBeNull();
    fireEvent.click(within(corn).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enroll in Low-carbon corn 2027' });
    expect((within(dialog).getByLabelText(/Acres to enrol/) as HTMLInputElement).value).toBe('300');
    fireEvent.change(within(dialog).getByLabelText(/Acres to enrol/), { target: { value: '320' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enroll in Low-carbon corn 2027' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      clientId: 501,
      acres: '320',
      answers: [{ questionId: 'cover_crop', value: 'Oats' }],
      draft: true,
    });
  });

  it('withdraws only after the confirmation, and says why when the server refuses', async () => {
    const { calls } = open({ programs: [{ ...PROGRAM, enrolments: [SENT] }], enrolledAcres: [] }, (call, path) =>
      path === `${PC}/sustainability/enrolments/77/withdraw` && call.method === 'POST'
        ? { status: 409, body: { code: 'enrolment_closed', message: 'This program no longer takes changes.' } }
        : undefined,
    );
    const card = await screen.findByRole('listitem', { name: 'Low-carbon corn 2027' });
    fireEvent.click(within(card).getByRole('button', { name: 'Withdraw' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw from Low-carbon corn 2027?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw from Low-carbon corn 2027?' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    await waitFor(() =>
      expect(toastStore.get().some((t) => 'text' in t && t.text === 'This program no longer takes changes.')).toBe(
        true,
      ),
    );
  });

  it('says so when no buyer offers a program', async () => {
    open({ programs: [], enrolledAcres: [] });
    expect(await screen.findByText('None of your buyers offers a sustainability program right now.')).toBeTruthy();
    expect(screen.getByText('No program on offer')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sustainability programs' })).toBeTruthy();
  });
});
