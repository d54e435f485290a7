import type { ReactElement } from 'react';
import type { MailContext } from './mail-layout.tsx';

/** One kind of e-mail: its subject, its body (rendered to HTML and plain text), and sample data for previews. */
export type MailTemplate<D> = {
  subject: (data: D, ctx: MailContext) => string;
  Body: (props: { data: D; ctx: MailContext }) => ReactElement;
  sample: D;
};
