/* @jsxRuntime automatic */
// The e-signing request (docs/decisions/016): the contract to review and sign, and until when the link works.
import { Action, MailLayout, P } from './mail-layout.tsx';
import { mailDay } from './mail-format.ts';
import type { MailTemplate } from './mail-template.ts';

export type SignatureMailData = {
  firstName: string | null;
  contract: string;
  crop: string;
  cropYear: number;
  /** The signing page: a path, or an absolute URL on the partner's origin (the built-in provider builds it so). */
  signingPath: string;
  expiresAt: string;
};

export const contractSignature: MailTemplate<SignatureMailData> = {
  subject: (d) => `Contract ${d.contract} is ready to sign`,
  sample: {
    firstName: 'Dana',
    contract: 'A-200108',
    crop: 'Corn',
    cropYear: 2026,
    signingPath: '/esign/sign/sample',
    expiresAt: '2026-12-11T18:00:00.000Z',
  },
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} preview={`Contract ${d.contract} is ready to sign`}>
      <P>{`Hi ${d.firstName ?? 'there'},`}</P>
      <P>
        {ctx.brand.tradeName} sent contract {d.contract} ({d.crop} {d.cropYear}) for your signature.
      </P>
      <P>
        Review the contract and sign it with the button below. The link is yours alone and works until{' '}
        {mailDay(d.expiresAt, ctx)}.
      </P>
      <Action ctx={ctx} label="Review and sign" path={d.signingPath} />
    </MailLayout>
  ),
};

export type EnrolmentSignatureMailData = {
  firstName: string | null;
  program: string;
  client: string;
  crop: string;
  cropYear: number;
  /** The built-in signing page of the enrolment's request (the one-time link, like a contract's). */
  signingPath: string;
  expiresAt: string;
};

/** A sustainability enrolment sent for signature (decision 016's enrolment kind): the link to sign it. */
export const enrolmentSignature: MailTemplate<EnrolmentSignatureMailData> = {
  subject: (d) => `Your enrollment in ${d.program} is ready to sign`,
  sample: {
    firstName: 'Dana',
    program: 'Low-carbon corn 2027',
    client: 'Fieldman Family Farms',
    crop: 'Corn',
    cropYear: 2027,
    signingPath: '/esign/sign/sample',
    expiresAt: '2026-12-11T18:00:00.000Z',
  },
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} preview={`Your enrollment in ${d.program} is ready to sign`}>
      <P>{`Hi ${d.firstName ?? 'there'},`}</P>
      <P>
        The enrollment of {d.client} in {d.program} ({d.crop} {d.cropYear}) waits for your signature.
      </P>
      <P>
        Review the enrollment and sign it with the button below. The link is yours alone and works until{' '}
        {mailDay(d.expiresAt, ctx)}.
      </P>
      <Action ctx={ctx} label="Review and sign" path={d.signingPath} />
    </MailLayout>
  ),
};

export type EnrolledMailData = { firstName: string | null; program: string; client: string; programsPath: string };

/** The enrolment signed: the farm business is enrolled. */
export const enrolmentSigned: MailTemplate<EnrolledMailData> = {
  subject: (d) => `${d.client} is enrolled in ${d.program}`,
  sample: {
    firstName: 'Dana',
    program: 'Low-carbon corn 2027',
    client: 'Fieldman Family Farms',
    programsPath: '/profit-center/sustainability',
  },
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} preview={`${d.client} is enrolled in ${d.program}`}>
      <P>{`Hi ${d.firstName ?? 'there'},`}</P>
      <P>
        {d.client} is enrolled in {d.program} with {ctx.brand.tradeName}. The signed enrollment is kept with your
        programs.
      </P>
      <Action ctx={ctx} label="See your programs" path={d.programsPath} />
    </MailLayout>
  ),
};
