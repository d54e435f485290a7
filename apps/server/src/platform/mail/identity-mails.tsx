/* @jsxRuntime automatic */
// The identity module's mails (sign-in, signup, codes, resets): subject and body of each, with sample data for the
// dev mailbox's previews and the tests.
import { Action, MailLayout, P } from './mail-layout.tsx';
import type { MailTemplate } from './mail-template.ts';

const hi = (firstName: string | null) => `Hi ${firstName ?? 'there'},`;

export const verificationCode: MailTemplate<{ code: string; minutes: number }> = {
  subject: (_d, { brand }) => `Your ${brand.shortName} verification code`,
  sample: { code: '482913', minutes: 10 },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview={`Your code is ${data.code}`}>
      <P>Your {ctx.brand.tradeName} verification code is:</P>
      <P>
        <strong style={{ fontSize: '26px', letterSpacing: '4px' }}>{data.code}</strong>
      </P>
      <P>Enter it on the page that asked for it. It expires in {data.minutes} minutes and works once.</P>
      <P>
        If you did not ask for it, ignore this e-mail: nothing happens without the code. Never share it with anyone.
      </P>
    </MailLayout>
  ),
};

export const emailChanged: MailTemplate<{ firstName: string | null; newAddress: string }> = {
  subject: (_d, { brand }) => `Your ${brand.shortName} e-mail address was changed`,
  sample: { firstName: 'Dana', newAddress: 'd***@example.com' },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview="Your e-mail address was changed">
      <P>{hi(data.firstName)}</P>
      <P>
        The e-mail address of your {ctx.brand.tradeName} account was changed to {data.newAddress}.
      </P>
      <P>If you did not do this, contact {ctx.brand.supportEmail} right away.</P>
    </MailLayout>
  ),
};

export const signupConfirm: MailTemplate<{ path: string }> = {
  subject: () => 'Confirm your e-mail to finish signing up',
  sample: { path: '/signup-jit-verify?token=sample' },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview="Confirm your e-mail address">
      <P>Someone, hopefully you, asked to create a {ctx.brand.tradeName} account with this e-mail address.</P>
      <P>Confirm it with the button below to finish signing up. The link works once and expires in 60 minutes.</P>
      <Action ctx={ctx} label="Confirm my e-mail" path={data.path} />
      <P>If it was not you, ignore this e-mail: no account is created without it.</P>
    </MailLayout>
  ),
};

export const signupAdminWelcome: MailTemplate<{ path: string }> = {
  subject: (_d, { brand }) => `Your ${brand.shortName} account is ready`,
  sample: { path: '/signup-jit-verify?token=sample' },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview="Your account is ready">
      <P>Our team created a {ctx.brand.tradeName} account for this e-mail address.</P>
      <P>Confirm your e-mail address and sign in with the button below. The link works once and expires in 24 hours.</P>
      <Action ctx={ctx} label="Confirm and sign in" path={data.path} />
      <P>If you did not expect this, ignore this e-mail or tell us at {ctx.brand.supportEmail}.</P>
    </MailLayout>
  ),
};

export const signupAlreadyRegistered: MailTemplate<{ firstName: string | null }> = {
  subject: () => 'Someone tried to sign up with your e-mail address',
  sample: { firstName: 'Dana' },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview="You already have an account">
      <P>{hi(data.firstName)}</P>
      <P>
        Someone, maybe you, tried to sign up for {ctx.brand.tradeName} with this e-mail address. You already have an
        account, so nothing was created or changed.
      </P>
      <P>
        If it was you, sign in with the button below (we can e-mail you a sign-in link) or reset your password from the
        sign-in page.
      </P>
      <Action ctx={ctx} label="Sign in" path="/sign-in/magic_link" />
      <P>If it was not you, you can ignore this e-mail: nobody can get into your account with it.</P>
    </MailLayout>
  ),
};

export const adminPasswordReset: MailTemplate<{ firstName: string | null; password: string }> = {
  subject: (_d, { brand }) => `Your ${brand.shortName} one-time password`,
  sample: { firstName: 'Dana', password: 'maple-harvest-42' },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview="Your one-time password">
      <P>{hi(data.firstName)}</P>
      <P>
        An administrator of {ctx.brand.tradeName} has reset your password. Your one-time password is:{' '}
        <strong>{data.password}</strong>
      </P>
      <P>Sign in with it once; you will then choose a new password. It stops working as soon as you have chosen one.</P>
      <Action ctx={ctx} label="Sign in" path="/sign-in/password" />
      <P>If you did not ask for this, contact {ctx.brand.supportEmail}.</P>
    </MailLayout>
  ),
};

export const accountLocked: MailTemplate<{ firstName: string | null; path: string }> = {
  subject: (_d, { brand }) => `Your ${brand.shortName} account is locked`,
  sample: { firstName: 'Dana', path: '/login/magic?token=sample' },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview="Your account was locked">
      <P>{hi(data.firstName)}</P>
      <P>Your account was locked after multiple failed sign-in attempts.</P>
      <P>
        If it was you, sign in directly with the button below (the link works once, for 10 minutes). If it was not you,
        your password is still safe: nobody got in. You can reset it from the sign-in page.
      </P>
      <Action ctx={ctx} label="Sign in now" path={data.path} />
    </MailLayout>
  ),
};

export const magicLink: MailTemplate<{ firstName: string | null; path: string }> = {
  subject: (_d, { brand }) => `Your ${brand.shortName} sign-in link`,
  sample: { firstName: 'Dana', path: '/login/magic?token=sample' },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview="Your sign-in link">
      <P>{hi(data.firstName)}</P>
      <P>Use the button below to sign in to {ctx.brand.tradeName}. The link works once and expires in 10 minutes.</P>
      <Action ctx={ctx} label="Sign in" path={data.path} />
      <P>If you did not ask for it, ignore this e-mail: nobody can sign in without the link.</P>
    </MailLayout>
  ),
};

export const passwordReset: MailTemplate<{ firstName: string | null; path: string }> = {
  subject: (_d, { brand }) => `Reset your ${brand.shortName} password`,
  sample: { firstName: 'Dana', path: '/password/exchange/sample' },
  Body: ({ data, ctx }) => (
    <MailLayout ctx={ctx} preview="Reset your password">
      <P>{hi(data.firstName)}</P>
      <P>
        Someone asked to reset the password of your account. Choose a new password with the button below; the link works
        once and expires in 30 minutes.
      </P>
      <Action ctx={ctx} label="Choose a new password" path={data.path} />
      <P>If it was not you, ignore this e-mail: your password stays as it is.</P>
    </MailLayout>
  ),
};
