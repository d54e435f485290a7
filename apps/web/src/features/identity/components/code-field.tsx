import { TextField, type TextFieldProps } from '@mui/material';

/** A 6-digit verification code input: numeric keyboard, one-time-code autofill, digits only. */
export function CodeField({
  onChange,
  ...props
}: Omit<TextFieldProps, 'onChange' | 'type'> & { onChange: (value: string) => void }) {
  return (
    <TextField
      {...props}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
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
