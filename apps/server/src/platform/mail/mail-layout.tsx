/* @jsxRuntime automatic */
// The one layout of every e-mail (issue 13, docs/decisions/034): the partner's brand in the header (logo or name on its
// colour), the body, one real button for the main action, and a footer with the partner's legal name and support.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import { mailLink } from './mail-link.ts';

/** What a mail shows of the partner: from its white-label record (mailBrandOf in send-mail.ts). */
export type MailBrand = {
  tradeName: string;
  shortName: string;
  legalName: string;
  legalFooter: string;
  supportEmail: string;
  supportPhone: string;
  /** The brand colour (buttons, header rule). */
  primary: string;
  /** A logo path or URL on the partner's host, or null (the trade name is written instead). */
  logo: string | null;
};

/**
 * Everything a template needs besides its own data: who sends it and where its links point; for a notification or
 * marketing e-mail, the path of its one-click unsubscribe page (send-mail.ts sets it, docs/decisions/055).
 */
export type MailContext = {
  brand: MailBrand;
  origin: string;
  locale: 'en-US' | 'en-CA' | 'en-AU';
  unsubscribe?: { path: string; topic: string } | undefined;
};

const font = 'Arial, Helvetica, sans-serif';
const text = { fontSize: '15px', lineHeight: '24px', color: '#1d2a1f', margin: '0 0 16px', fontFamily: font };

/** A safe CSS colour for inline styles (partner data goes into style attributes). */
function colour(value: string): string {
  return /^#[0-9a-f]{3,8}$/i.test(value) || /^[a-z]+$/i.test(value) ? value : '#2e7d32';
}

export function P({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

/** The main action: a real button, and its address written out under it for clients that hide buttons. */
export function Action({ ctx, label, path }: { ctx: MailContext; label: string; path: string }) {
  const href = mailLink(ctx.origin, path);
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colour(ctx.brand.primary),
          color: '#ffffff',
          padding: '12px 22px',
          borderRadius: '6px',
          fontWeight: 600,
          fontSize: '15px',
          fontFamily: font,
          textDecoration: 'none',
        }}
      >
        {label}
      </Button>
      <Text data-skip-in-text style={{ ...text, fontSize: '13px', color: '#5b6b5e', margin: '16px 0 0' }}>
        Or open this link:{' '}
        <Link href={href} style={{ color: colour(ctx.brand.primary), wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

export function MailLayout({ ctx, preview, children }: { ctx: MailContext; preview: string; children: ReactNode }) {
  const { brand } = ctx;
  const support = mailLink(ctx.origin, '/support');
  return (
    <Html lang={ctx.locale.slice(0, 2)}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f6f3', margin: 0, padding: '24px 0', fontFamily: font }}>
        <Container style={{ maxWidth: '560px', backgroundColor: '#ffffff', borderRadius: '8px', overflow: 'hidden' }}>
          <Section style={{ borderTop: `4px solid ${colour(brand.primary)}`, padding: '20px 32px 8px' }}>
            {brand.logo ? (
              <Img src={mailLink(ctx.origin, brand.logo)} alt={brand.tradeName} height="36" />
            ) : (
              <Heading as="h1" style={{ margin: 0, fontSize: '20px', color: colour(brand.primary), fontFamily: font }}>
                {brand.tradeName}
              </Heading>
            )}
          </Section>
          <Section style={{ padding: '8px 32px 16px' }}>{children}</Section>
          <Hr style={{ borderColor: '#e3e8e1', margin: 0 }} />
          <Section style={{ padding: '16px 32px 24px' }}>
            <Text style={{ ...text, fontSize: '12px', lineHeight: '18px', color: '#6b776d', margin: '0 0 8px' }}>
              Questions? Write to{' '}
              <Link href={`mailto:${brand.supportEmail}`} style={{ color: '#6b776d' }}>
                {brand.supportEmail}
              </Link>
              {brand.supportPhone ? ` or call ${brand.supportPhone}` : ''}, or see{' '}
              <Link href={support} style={{ color: '#6b776d' }}>
                {brand.shortName} support
              </Link>
              .
            </Text>
            <Text style={{ ...text, fontSize: '12px', lineHeight: '18px', color: '#6b776d', margin: 0 }}>
              {brand.legalFooter || `© ${brand.legalName}`}
            </Text>
            {ctx.unsubscribe ? (
              <Text style={{ ...text, fontSize: '12px', lineHeight: '18px', color: '#6b776d', margin: '8px 0 0' }}>
                You get this e-mail because of your {ctx.unsubscribe.topic} notification settings.{' '}
                <Link href={mailLink(ctx.origin, ctx.unsubscribe.path)} style={{ color: '#6b776d' }}>
                  Unsubscribe
                </Link>{' '}
                ·{' '}
                <Link href={mailLink(ctx.origin, '/account/notifications')} style={{ color: '#6b776d' }}>
                  Notification settings
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
