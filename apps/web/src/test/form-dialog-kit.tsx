import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../app/providers';
import { PartnerProvider } from '../lib/brand/partner-context';
import { createPartnerTheme } from '../lib/brand/theme';
import { testPartner } from './fixtures';
import { allMessages } from './messages';

// What the component tests of the CRM's form dialogs share: the providers a dialog needs, a JSON answer, typing in a
// field found by its label and reading the message shown under it.

/** Renders a dialog with a fresh query client, the English catalogue, the test partner and its theme, a router. */
export function renderWithProviders(children: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          <ThemeProvider theme={createPartnerTheme(testPartner.theme)}>
            <MemoryRouter>{children}</MemoryRouter>
          </ThemeProvider>
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

/** A JSON response as the API sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body ?? null), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Types `value` into the field labelled `label` inside `scope`. */
export function typeInto(scope: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

/** The message under a field: its helper text (the element its input's aria-describedby names). */
export function fieldMessage(scope: HTMLElement, label: RegExp): string | null {
  const id = within(scope).getByLabelText(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}
