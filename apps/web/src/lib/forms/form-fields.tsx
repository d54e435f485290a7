import { Box, Button, CircularProgress, TextField, type ButtonProps, type TextFieldProps } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useController, useFormContext, useFormState, type FieldPath, type FieldValues } from 'react-hook-form';

/** A field's message: a catalogue id (the schema's messages, most server keys) translated, any other text as is. */
function useFieldMessage(): (message: string | undefined) => string | undefined {
  const intl = useIntl();
  return (message) => (message && intl.messages[message] ? intl.formatMessage({ id: message }) : message);
}

type Shown = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'defaultValue'>;

/**
 * A MUI text field bound to a form field (platform.md 5.7 states): invalid → the red border and the message (the
 * schema's, or the server's put by applyServerErrors); with `showValid`, a touched field without an error has the
 * green border; otherwise `helperText` shows. Changing the field takes its message away until the next submit
 * (`keepErrorOnChange` keeps it). `as` renders another field with TextField's props (e.g. a password field);
 * `parse` turns what was typed into the value kept (e.g. digits only). It sits inside the form's FormProvider.
 */
export function FormTextField<V extends FieldValues>({
  name,
  helperText,
  showValid = false,
  keepErrorOnChange = false,
  htmlName,
  as: Field = TextField,
  parse,
  ...props
}: Shown & {
  name: FieldPath<V>;
  showValid?: boolean;
  keepErrorOnChange?: boolean;
  /** The input's name attribute when it is not the field's (what password managers and pages already know). */
  htmlName?: string;
  as?: ComponentType<TextFieldProps>;
  /** What is kept of the typed text (the input shows the kept value). */
  parse?: (typed: string) => string;
}) {
  const { control, clearErrors } = useFormContext<V>();
  const { field, fieldState, formState } = useController({ control, name });
  const messageOf = useFieldMessage();
  const invalid = Boolean(fieldState.error);
  const valid = showValid && !invalid && (fieldState.isTouched || formState.isSubmitted);
  return (
    <Field
      {...props}
      name={htmlName ?? field.name}
      value={field.value ?? ''}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => {
        field.onChange(parse ? parse(event.target.value) : event.target.value);
        if (invalid && !keepErrorOnChange) clearErrors(name);
      }}
      disabled={props.disabled ?? field.disabled}
      error={invalid}
      color={valid ? 'success' : props.color}
      focused={valid ? true : props.focused}
      helperText={invalid ? messageOf(fieldState.error?.message) : helperText}
    />
  );
}

/**
 * The form's main button: a submit button, disabled with a spinner while the form is submitting (or `busy`);
 * `busyLabel` replaces the label meanwhile (e.g. 'Verifying you are human…'). It sits inside the form's FormProvider.
 */
export function FormSubmitButton({
  busy = false,
  busyLabel,
  children,
  ...props
}: { busy?: boolean; busyLabel?: ReactNode; children: ReactNode } & Omit<ButtonProps, 'type' | 'children'>) {
  const { isSubmitting } = useFormState();
  const spinning = busy || isSubmitting;
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={spinning}
      aria-busy={spinning}
      sx={{ py: 1.25, mt: 1 }}
      {...props}
    >
      {spinning ? (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
          <CircularProgress size={18} color="inherit" aria-hidden />
          {busyLabel ?? children}
        </Box>
      ) : (
        children
      )}
    </Button>
  );
}
