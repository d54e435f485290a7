import type { PublicPartnerHeader } from '@granary/domain';
import type { CSSProperties, ReactNode } from 'react';
import { t } from '../public-messages';

type Props = {
  partner: PublicPartnerHeader;
  /** The page's /{locale} prefix ('' without one), kept on the page's own links. */
  prefix: string;
  children: ReactNode;
};

/** Whether a header link leaves the site (opens as it is) or is one of ours (keeps the locale prefix). */
function localHref(url: string, prefix: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${prefix}${url}` : url;
}

/** The light public pages' frame: the partner's public header (logo, title, links, Sign in) and its legal footer. */
export function PublicPageFrame({ partner, prefix, children }: Props) {
  const style = { '--pm-primary': partner.theme.primary, '--pm-secondary': partner.theme.secondary } as CSSProperties;
  const links = partner.publicHeader.links;
  return (
    <div className="pm-page" style={style}>
      <a className="pm-skip" href="#pm-main">
        {t('public.skipToContent')}
      </a>
      <header className="pm-header">
        <div className="pm-header-inner">
          <a className="pm-brand" href={`${prefix}/market`}>
            {partner.logo ? <img src={partner.logo} alt={t('public.logoAlt', { name: partner.displayName })} /> : null}
            <span>{partner.publicHeader.title}</span>
          </a>
          {links.length > 0 || partner.publicPageFeatures.includes('public-ci-score') ? (
            <nav className="pm-nav" aria-label={t('public.nav')}>
              <ul>
                {links.map((link) => (
                  <li key={`${link.label}|${link.url}`}>
                    <a href={localHref(link.url, prefix)}>{link.label}</a>
                  </li>
                ))}
                {partner.publicPageFeatures.includes('public-ci-score') && !links.some((l) => l.url === '/score') ? (
                  <li>
                    <a href={`${prefix}/score`}>{t('public.ciScore')}</a>
                  </li>
                ) : null}
              </ul>
            </nav>
          ) : null}
          <a className="pm-signin" href={`${prefix}/sign-in`}>
            {t('public.signIn')}
          </a>
        </div>
      </header>
      <main className="pm-main" id="pm-main">
        {children}
      </main>
      <footer className="pm-footer">
        <div className="pm-footer-inner">
          <p>{partner.legalFooter}</p>
        </div>
      </footer>
    </div>
  );
}

/** The not-found view inside the partner's frame (the server answers it with HTTP 404). */
export function PublicNotFound({ prefix }: { prefix: string }) {
  return (
    <section className="pm-card" aria-labelledby="pm-not-found">
      <h1 id="pm-not-found">{t('public.notFound.title')}</h1>
      <p>{t('public.notFound.message')}</p>
      <a href={`${prefix}/market`}>{t('public.notFound.back')}</a>
    </section>
  );
}
