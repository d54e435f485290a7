import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FormProvider } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormSubmitButton } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { T } from '../../../lib/i18n/t';
import { renderWithIntl } from '../../../test/render-app';
import { checkNewPassword, NewPasswordFields } from './new-password-fields';

const schema = z.object({ password: z.string(), confirmation: z.string() }).superRefine(checkNewPassword);

function NewPasswordForm({ onSave }: { onSave: (password: string) => void }) {
  const form = useZodForm(schema, { defaultValues: { password: '', confirmation: '' } });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(({ password }) => onSave(password))}>
        <NewPasswordFields label="identity.newPassword" confirmationLabel="identity.confirmPassword" />
        <FormSubmitButton>
          <T id="identity.exchange.submit" />
        </FormSubmitButton>
      </form>
    </FormProvider>
  );
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('NewPasswordFields', () => {
  it('wants a long enough password and the same confirmation before the form is sent', async () => {
    const onSave = vi.fn();
    renderWithIntl(<NewPasswordForm onSave={onSave} />);
    expect(input('New password').autocomplete).toBe('new-password');
    expect(screen.getByText(/^At least 8 characters/)).toBeTruthy();
    fireEvent.change(input('New password'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The new password must be at least 8 characters long.')).toBeTruthy();
    fireEvent.change(input('New password'), { target: { value: 'grainbuyer' } });
    fireEvent.change(input('Confirm new password'), { target: { value: 'grainbuyers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The password confirmation must match the new password.')).toBeTruthy();
    fireEvent.change(input('Confirm new password'), { target: { value: 'grainbuyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('grainbuyer'));
  });
});
