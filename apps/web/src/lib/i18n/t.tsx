import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId, MessageValues } from './messages';

type Primitive = string | number | boolean | null | undefined | Date;

/** Typed `intl.formatMessage` for catalogue ids: `const t = useT(); t('shell.error.title')`. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const intl = useIntl();
  return (id, values) => String(intl.formatMessage({ id }, values as Record<string, Primitive>));
}

/** A catalogue message in JSX; values may be elements (e.g. a link). */
export function T({ id, values }: { id: MessageId; values?: Record<string, ReactNode | Date> }) {
  return <FormattedMessage id={id} values={values as Record<string, Primitive>} />;
}
