/* @jsxRuntime automatic */
// Partner onboarding's code (issue 17, decision 060; email/verify/{grain_brand}-onboarding): a farmer linking their
// elevator's grain account proves they are the contact on file. Transactional: sent whatever the preferences.
import { Action, MailLayout, P } from './mail-layout.tsx';
import type { MailTemplate } from './mail-template.ts';

export const partnerOnboardingCode: MailTemplate<{ code: string; minutes: number }> = {
  subject: (_d, { brand }) => `Your code to link your ${brand.shortName} grain account`,
  sample: { code: '482913', minutes: 15 },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview={`Your code is ${data.code}`}>
      <P>
        Someone signed in to {ctx.brand.tradeName} asked to link the grain account of this contact to their farm
        business. If it was you, enter this code on the page that asked for it:
      </P>
      <P>
        <strong style={{ fontSize: '26px', letterSpacing: '4px' }}>{data.code}</strong>
      </P>
      <P>It expires in {data.minutes} minutes and works once.</P>
      <P>
        If you did not ask for it, ignore this e-mail: nothing is linked without the code. Never share it with anyone.
        Questions: {ctx.brand.supportEmail}.
      </P>
    </MailLayout>
  ),
};

export type PartnerOnboardingInvitationData = {
  contactName: string;
  clientName: string;
  /** The onboarding landing (/profit-center/partner/<intent>/landing). */
  path: string;
};

/** The merchandiser's "Invite to the app" (decision 060): the link lands on the partner's onboarding page. */
export const partnerOnboardingInvitation: MailTemplate<PartnerOnboardingInvitationData> = {
  subject: (_d, { brand }) => `${brand.tradeName} invites you to see your grain account online`,
  sample: {
    contactName: 'Frank Fieldman',
    clientName: 'Fieldman Grain LLC',
    path: '/profit-center/partner/demo/landing',
  },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview={`See ${data.clientName}'s contracts and payments online`}>
      <P>Hello {data.contactName},</P>
      <P>
        {ctx.brand.tradeName} invites you to link the grain account of {data.clientName} to your farm business: your
        contracts, scale tickets, settlements and payments in one place, with your local bids.
      </P>
      <P>
        Open the link, sign in or create an account, and confirm with the code we send to this address or to your phone
        on file.
      </P>
      <Action ctx={ctx} label="Link my grain account" path={data.path} />
      <P>If you did not expect this e-mail, ignore it: nothing is linked without the code.</P>
    </MailLayout>
  ),
};
