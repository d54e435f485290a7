import { TextField, type TextFieldProps } from '@mui/material';
import { normalizeNumberInput, type NumberInputOptions } from '@granary/domain';
import { useState } from 'react';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** The field's error message, or null when valid; shown once the field was touched (left once). */
  errorText: string | null;
  /** platform.md 5.7: clamping, digit limit, leading zeroes; applied when the field is left. */
  numberOptions?: NumberInputOptions;
  /** Show the error even before the field was touched (after a submit). */
  forceTouched?: boolean;
};

/**
 * A number input as platform.md 5.7 says: typed freely, normalised on blur (a lone '-' empties, a trailing '.' goes,
 * clamped to its range); once touched, an invalid value shows a red border and its message, a valid one a green border.
 */
export function NumberField({
  value,
  onValueChange,
  errorText,
  numberOptions,
  forceTouched = false,
  onBlur,
  sx,
  helperText,
  ...rest
}: Props) {
  const [touched, setTouched] = useState(false);
  const shown = touched || forceTouched;
  const invalid = shown && errorText !== null;
  const valid = shown && errorText === null;
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={(event) => {
        setTouched(true);
        const normalized = normalizeNumberInput(value, numberOptions);
        if (normalized !== value) onValueChange(normalized);
        onBlur?.(event);
      }}
      error={invalid}
      helperText={invalid ? errorText : helperText}
      slotProps={{
        ...rest.slotProps,
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', ...(rest.slotProps?.htmlInput as object | undefined) },
      }}
      sx={[
        valid ? { '& .MuiOutlinedInput-notchedOutline': { borderColor: 'success.main' } } : {},
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    />
  );
}
