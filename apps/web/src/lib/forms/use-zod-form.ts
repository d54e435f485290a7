import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { MessageId } from '../i18n/messages';

/**
 * The app's one way to hold a form (docs/decisions/032): react-hook-form with the form's zod schema as resolver.
 * The defaults are the identity forms' timing: nothing is checked until the first submit, and a field's message
 * goes when it is changed (the field components clear it) rather than being re-checked on every key.
 * Schema messages are message ids (lib/i18n), which the field components translate.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * A string field checked by one of the app's rules (a function answering a message id or null, as the identity
 * rules do), so a schema can reuse a rule and the message stays the rule's.
 */
export function ruleField(rule: (value: string) => MessageId | null) {
  return z.string().superRefine((value, ctx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}
