/* @jsxRuntime automatic */
// The CRM administrator's invitation (issue 15): a buyer-admin asks a person to join the partner's CRM.
import { Action, MailLayout, P } from './mail-layout.tsx';
import { mailDay } from './mail-format.ts';
import type { MailTemplate } from './mail-template.ts';

export type InvitationMailData = {
  firstName: string;
  inviterName: string | null;
  /** The invitation page (/invitation/:token). */
  path: string;
  expiresAt: string;
};

export const userInvitation: MailTemplate<InvitationMailData> = {
  subject: (_d, { brand }) => `You are invited to join ${brand.tradeName}`,
  sample: {
    firstName: 'Jordan',
    inviterName: 'Dana Merchant',
    path: '/invitation/sample',
    expiresAt: '2026-12-04T18:00:00.000Z',
  },
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} preview={`Join ${ctx.brand.tradeName}`}>
      <P>{`Hi ${d.firstName},`}</P>
      <P>
        {d.inviterName ?? ctx.brand.tradeName} invited you to work in {ctx.brand.tradeName}&apos;s grain marketing
        tools. Accept the invitation with the button below to set your password and sign in.
      </P>
      <P>The link works once, until {mailDay(d.expiresAt, ctx)}.</P>
      <Action ctx={ctx} label="Accept invitation" path={d.path} />
      <P>If you did not expect this invitation, ignore this e-mail.</P>
    </MailLayout>
  ),
};
