/* @jsxRuntime automatic */
// A farm business's team invitation (issue 16, decision 052): a member who manages the team asks a person to join it.
import { Action, MailLayout, P } from './mail-layout.tsx';
import { mailDay } from './mail-format.ts';
import type { MailTemplate } from './mail-template.ts';

export type TeamInvitationMailData = {
  enterpriseName: string;
  inviterName: string | null;
  /** 'an owner', 'a sub-account', 'an advisor'. */
  roleWords: string;
  /** The acceptance page (/account/invitation?token=…). */
  path: string;
  expiresAt: string;
};

export const teamInvitation: MailTemplate<TeamInvitationMailData> = {
  subject: (d) => `You are invited to join ${d.enterpriseName}`,
  sample: {
    enterpriseName: 'Prairie Rose Farms',
    inviterName: 'Dana Farmer',
    roleWords: 'an advisor',
    path: '/account/invitation?token=sample',
    expiresAt: '2026-12-04T18:00:00.000Z',
  },
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} preview={`Join ${d.enterpriseName} on ${ctx.brand.tradeName}`}>
      <P>Hello,</P>
      <P>
        {d.inviterName ?? d.enterpriseName} invited you to join {d.enterpriseName} on {ctx.brand.tradeName} as{' '}
        {d.roleWords}. Accept the invitation with the button below: sign in to your account, or create one.
      </P>
      <P>The link works once, until {mailDay(d.expiresAt, ctx)}.</P>
      <Action ctx={ctx} label="Accept invitation" path={d.path} />
      <P>If you did not expect this invitation, ignore this e-mail.</P>
    </MailLayout>
  ),
};
