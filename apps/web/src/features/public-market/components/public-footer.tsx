import type { LegalDocument, PublicPartnerHeader } from '@granary/domain';
import { t, type PublicMessageId } from '../public-messages';
import { telHref } from '../../../lib/ui/tel-href';

/**
 * The legal pages (platform.md 2.1) in the order of the app's footer. A record over the domain's type, so a new
 * document fails the type check here; the list itself is not imported: the domain's legal module brings zod, which
 * the light entry does not ship.
 */
const LEGAL: Record<LegalDocument, PublicMessageId> = {
  'terms-of-service': 'public.footer.terms-of-service',
  'privacy-policy': 'public.footer.privacy-policy',
  'ccpa-privacy-policy': 'public.footer.ccpa-privacy-policy',
  'community-content-policy': 'public.footer.community-content-policy',
  'electronic-funds-transfer': 'public.footer.electronic-funds-transfer',
};

/** The app's footer (shell-footer) in plain HTML: the legal pages and Support, the legal line, the support contacts. */
export function PublicFooter({ partner, prefix }: { partner: PublicPartnerHeader; prefix: string }) {
  const links = [
    ...Object.entries(LEGAL).map(([document, label]) => ({ href: `${prefix}/${document}`, label: t(label) })),
    { href: `${prefix}/support`, label: t('public.footer.support') },
  ];
  return (
    <footer className="pm-footer">
      <div className="pm-footer-inner">
        <div>
          <nav className="pm-footer-links" aria-label={t('public.footer.legal')}>
            {links.map((link) => (
              <a key={link.href} href={link.href}>
                {link.label}
              </a>
            ))}
          </nav>
          {partner.legalFooter ? <p>{partner.legalFooter}</p> : null}
        </div>
        {partner.supportEmail ? (
          <p>
            {t('public.footer.help')} <a href={`mailto:${partner.supportEmail}`}>{partner.supportEmail}</a>
            {partner.supportPhone ? (
              <>
                {' '}
                {t('public.footer.call')}{' '}
                <a className="pm-nowrap" href={telHref(partner.supportPhone)}>
                  {partner.supportPhone}
                </a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
