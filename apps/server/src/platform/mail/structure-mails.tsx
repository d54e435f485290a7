/* @jsxRuntime automatic */
// A structure's confirmation sent for signature (issue 18 'trade', decision 016's structure kind): the structure the
// merchandiser traded with the client, to review and sign, and until when the link works.
import { Action, MailLayout, P } from './mail-layout.tsx';
import { mailDay } from './mail-format.ts';
import type { MailTemplate } from './mail-template.ts';

export type StructureConfirmationMailData = {
  firstName: string | null;
  /** The structure's kind as the confirmation names it ('Accumulator'). */
  kind: string;
  client: string;
  crop: string;
  cropYear: number;
  /** The built-in signing page of the confirmation's request (the one-time link, like a contract's). */
  signingPath: string;
  expiresAt: string;
};

export const structureConfirmation: MailTemplate<StructureConfirmationMailData> = {
  subject: (d) => `Your ${d.kind.toLowerCase()} is ready to sign`,
  sample: {
    firstName: 'Dana',
    kind: 'Accumulator',
    client: 'Fieldman Family Farms',
    crop: 'Corn',
    cropYear: 2027,
    signingPath: '/esign/sign/sample',
    expiresAt: '2026-12-11T18:00:00.000Z',
  },
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} preview={`Your ${d.kind.toLowerCase()} is ready to sign`}>
      <P>{`Hi ${d.firstName ?? 'there'},`}</P>
      <P>
        {ctx.brand.tradeName} traded a {d.kind.toLowerCase()} of {d.crop} {d.cropYear} with {d.client}. It starts once
        you confirm it with your signature.
      </P>
      <P>
        Review its levels, dates and rules and sign with the button below. The link is yours alone and works until{' '}
        {mailDay(d.expiresAt, ctx)}.
      </P>
      <Action ctx={ctx} label="Review and sign" path={d.signingPath} />
    </MailLayout>
  ),
};
