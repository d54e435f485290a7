/* @jsxRuntime automatic */
// Partner onboarding's code (issue 17, decision 060; email/verify/{grain_brand}-onboarding): a farmer linking their
// elevator's grain account proves they are the contact on file. Transactional: sent whatever the preferences.
import { MailLayout, P } from './mail-layout.tsx';
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
