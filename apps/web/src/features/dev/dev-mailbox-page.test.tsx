import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderWithIntl } from '../../test/render-app';
import { MailView } from './mail-view';

const HTML =
  '<!DOCTYPE html><html><body><h1>Granary Demo Grain</h1><a href="http://localhost:3000/login/magic?token=t1">Sign in</a></body></html>';
const TEXT = 'Hi Dana,\n\nSign in http://localhost:3000/login/magic?token=t1\n';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('MailView', () => {
  it('shows the HTML in a sandboxed frame and switches to the plain text and back', () => {
    renderWithIntl(<MailView html={HTML} text={TEXT} title="Your sign-in link" />);
    const frame = screen.getByTitle('E-mail: Your sign-in link') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    // sandbox="" : no scripts, no same origin, no navigation of this page.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(HTML);
    // The mail's links stay usable here (the sandbox cannot open them).
    expect(screen.getByRole('link', { name: 'http://localhost:3000/login/magic?token=t1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'HTML' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Plain text' }));
    expect(screen.queryByTitle('E-mail: Your sign-in link')).toBeNull();
    expect(screen.getByText(/Hi Dana,/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'http://localhost:3000/login/magic?token=t1' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'HTML' }));
    expect(screen.getByTitle('E-mail: Your sign-in link')).toBeTruthy();
  });

  it('shows a text message (an SMS) as text, with no switch', () => {
    renderWithIntl(<MailView html={null} text="123456 is your code" title="+15555550100" />);
    expect(screen.getByText('123456 is your code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'HTML' })).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('/dev/mailbox', () => {
  it('lists each mail with its subject and recipient, and previews the templates', async () => {
    const { fetchMock } = renderApp('/dev/mailbox', 'anonymous');
    fetchMock.mockImplementation((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/dev/mailbox/templates'))
        return json({
          templates: [
            { template: 'magic_link', subject: 'Your Granary sign-in link', html: HTML, text: TEXT },
            { template: 'password_reset', subject: 'Reset your Granary password', html: HTML, text: TEXT },
          ],
        });
      if (url.includes('/api/dev/mailbox'))
        return json({
          messages: [
            {
              id: 7,
              channel: 'email',
              recipient: 'farmer@demo.granary.test',
              subject: 'Your Granary sign-in link',
              text: TEXT,
              html: HTML,
              template: 'magic_link',
              status: 'pending',
              createdAt: new Date().toISOString(),
            },
          ],
        });
      return json({ code: 'not_found', message: 'Not found' }, 404);
    });
    const mail = await screen.findByRole('article', { name: 'Your Granary sign-in link' });
    expect(within(mail).getByText(/To farmer@demo\.granary\.test/)).toBeTruthy();
    expect(within(mail).getByTitle('E-mail: Your Granary sign-in link')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Templates' }));
    const preview = await screen.findByRole('article', { name: 'Your Granary sign-in link' });
    expect(within(preview).getByText('Sample data, in this site’s brand and links.')).toBeTruthy();
  });
});
