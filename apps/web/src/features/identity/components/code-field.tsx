import { TextField, type TextFieldProps } from '@mui/material';

/** What a verification code field keeps of the typed text: digits only, at most 6. */
export function codeDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 6);
}

/**
 * A 6-digit verification code input: numeric keyboard, one-time-code autofill. Bound with
 * `<FormTextField as={CodeField} parse={codeDigits} />` it keeps digits only.
 */
export function CodeField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      {...props}
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: 6,
          style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
        },
      }}
    />
  );
}
