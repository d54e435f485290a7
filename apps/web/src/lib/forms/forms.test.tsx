import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FormProvider } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithIntl } from '../../test/render-app';
import { ApiError } from '../api/api-error';
import { FormSubmitButton, FormTextField } from './form-fields';
import { applyServerErrors, serverFieldErrors } from './server-errors';
import { ruleField, useZodForm } from './use-zod-form';

const schema = z.object({
  email: ruleField((v) => (v.trim() ? null : 'identity.error.emailRequired')),
  name: z.string().min(2, 'Too short'),
});

/** A form of two fields; `send` answers the submit (it may throw an ApiError with field errors). */
function Harness({
  send,
  showValid = false,
}: {
  send: (v: z.output<typeof schema>) => Promise<void>;
  showValid?: boolean;
}) {
  const form = useZodForm(schema, { defaultValues: { email: '', name: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      applyServerErrors(form.setError, error, ['email', 'name']);
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit}>
        <FormTextField name="email" label="Email" helperText="Your work address" showValid={showValid} />
        <FormTextField name="name" label="Name" showValid={showValid} />
        <FormSubmitButton>Save</FormSubmitButton>
      </form>
    </FormProvider>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('forms: useZodForm and the bound fields', () => {
  it('checks nothing before the first submit, then shows the schema’s messages (ids translated) with the error state', async () => {
    const send = vi.fn(() => Promise.resolve());
    renderWithIntl(<Harness send={send} />);
    expect(screen.getByText('Your work address')).toBeTruthy();
    fireEvent.change(input('Name'), { target: { value: 'x' } });
    fireEvent.blur(input('Name'));
    expect(screen.queryByText('Too short')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('Too short')).toBeTruthy();
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(input('Email')));
  });

  it('takes a field’s message away when it is changed, and sends the parsed values', async () => {
    const send = vi.fn(() => Promise.resolve());
    renderWithIntl(<Harness send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    fireEvent.change(input('Email'), { target: { value: 'bea@prairie.test' } });
    expect(screen.queryByText('The email field is required.')).toBeNull();
    expect(screen.getByText('Too short')).toBeTruthy();
    fireEvent.change(input('Name'), { target: { value: 'Bea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: 'bea@prairie.test', name: 'Bea' }));
  });

  it('disables the button with a spinner while submitting', async () => {
    let release: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    renderWithIntl(<Harness send={send} />);
    fireEvent.change(input('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(input('Name'), { target: { value: 'Al' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('puts the server’s field errors on the fields (details.fields and validation paths)', async () => {
    const send = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'invalid_signup', 'Please check the highlighted fields.', {
          details: { fields: { email: 'identity.error.emailRequired', unknown: 'x' } },
        }),
      ),
    );
    renderWithIntl(<Harness send={send} />);
    fireEvent.change(input('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(input('Name'), { target: { value: 'Al' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(input('Name').getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the valid state on a touched field without an error when asked (platform.md 5.7)', async () => {
    renderWithIntl(<Harness send={() => Promise.resolve()} showValid />);
    expect(input('Name').closest('.MuiInputBase-root')?.className).not.toContain('MuiInputBase-colorSuccess');
    fireEvent.change(input('Name'), { target: { value: 'Al' } });
    fireEvent.blur(input('Name'));
    await waitFor(() =>
      expect(input('Name').closest('.MuiInputBase-root')?.className).toContain('MuiInputBase-colorSuccess'),
    );
    expect(input('Email').closest('.MuiInputBase-root')?.className).not.toContain('MuiInputBase-colorSuccess');
  });
});

describe('forms: serverFieldErrors', () => {
  it('reads details.fields, validation details with paths, and nothing from other errors', () => {
    expect(
      serverFieldErrors(new ApiError(400, 'invalid_signup', 'm', { details: { fields: { email: 'taken' } } })),
    ).toEqual([{ path: 'email', message: 'taken' }]);
    expect(
      serverFieldErrors(
        new ApiError(400, 'invalid_request', 'm', {
          details: [
            { path: 'address.zip', message: 'Invalid' },
            { path: '', message: 'root' },
          ],
        }),
      ),
    ).toEqual([{ path: 'address.zip', message: 'Invalid' }]);
    expect(serverFieldErrors(new Error('x'))).toEqual([]);
    expect(serverFieldErrors(new ApiError(500, 'unexpected', 'm'))).toEqual([]);
  });
});
