import { LOGGED_IN_COOKIE, type PublicPartnerHeader } from '@granary/domain';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { readCookie } from '../../../lib/browser/cookies';
import { t } from '../public-messages';
import { PublicFooter } from './public-footer';

type Props = {
  partner: PublicPartnerHeader;
  /** The page's /{locale} prefix ('' without one), kept on the page's own links. */
  prefix: string;
  children: ReactNode;
  /** Notices above the page (the update countdown). */
  notices?: ReactNode;
};

/** Whether a header link leaves the site (opens as it is) or is one of ours (keeps the locale prefix). */
function localHref(url: string, prefix: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${prefix}${url}` : url;
}

/** The icons of the app's header (MUI's Agriculture, Storefront and Menu paths), inline: no icon library here. */
const ICONS = {
  brand: [
    'M19.5 11.97c.93 0 1.78.28 2.5.76V7.97c0-1.1-.9-2-2-2h-6.29l-1.06-1.06 1.06-1.06c.2-.2.2-.51 0-.71s-.51-.2-.71 0l-2.83 2.83c-.2.2-.2.51 0 .71s.51.2.71 0l1.06-1.06L13 6.68v2.29c0 1.1-.9 2-2 2h-.54c.95 1.06 1.54 2.46 1.54 4 0 .34-.04.67-.09 1h3.14c.25-2.24 2.14-4 4.45-4',
    'M19.5 12.97c-1.93 0-3.5 1.57-3.5 3.5s1.57 3.5 3.5 3.5 3.5-1.57 3.5-3.5-1.57-3.5-3.5-3.5m0 5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5M4 8.97h5c0-1.1-.9-2-2-2H4c-.55 0-1 .45-1 1 0 .56.45 1 1 1m5.83 4.82-.18-.47.93-.35c-.46-1.06-1.28-1.91-2.31-2.43l-.4.89-.46-.21.4-.9c-.55-.21-1.17-.35-1.81-.35-.53 0-1.04.11-1.52.26l.34.91-.47.18L4 10.4c-1.06.46-1.91 1.28-2.43 2.31l.89.4-.21.46-.9-.4c-.22.55-.35 1.16-.35 1.8 0 .53.11 1.04.26 1.52l.91-.34.18.47-.93.35c.46 1.06 1.28 1.91 2.31 2.43l.4-.89.46.21-.4.9c.57.22 1.18.35 1.82.35.53 0 1.04-.11 1.52-.26l-.35-.91.47-.18.35.93c1.06-.46 1.91-1.28 2.43-2.31l-.89-.4.21-.46.9.4c.22-.57.35-1.18.35-1.82 0-.53-.11-1.04-.26-1.52zm-2.68 3.96c-1.53.63-3.29-.09-3.92-1.62s.09-3.29 1.62-3.92 3.29.09 3.92 1.62c.64 1.53-.09 3.28-1.62 3.92',
  ],
  store: [
    'm21.9 8.89-1.05-4.37c-.22-.9-1-1.52-1.91-1.52H5.05c-.9 0-1.69.63-1.9 1.52L2.1 8.89c-.24 1.02-.02 2.06.62 2.88.08.11.19.19.28.29V19c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2v-6.94c.09-.09.2-.18.28-.28.64-.82.87-1.87.62-2.89m-2.99-3.9 1.05 4.37c.1.42.01.84-.25 1.17-.14.18-.44.47-.94.47-.61 0-1.14-.49-1.21-1.14L16.98 5zM13 5h1.96l.54 4.52c.05.39-.07.78-.33 1.07-.22.26-.54.41-.95.41-.67 0-1.22-.59-1.22-1.31zM8.49 9.52 9.04 5H11v4.69c0 .72-.55 1.31-1.29 1.31-.34 0-.65-.15-.89-.41-.25-.29-.37-.68-.33-1.07m-4.45-.16L5.05 5h1.97l-.58 4.86c-.08.65-.6 1.14-1.21 1.14-.49 0-.8-.29-.93-.47-.27-.32-.36-.75-.26-1.17M5 19v-6.03c.08.01.15.03.23.03.87 0 1.66-.36 2.24-.95.6.6 1.4.95 2.31.95.87 0 1.65-.36 2.23-.93.59.57 1.39.93 2.29.93.84 0 1.64-.35 2.24-.95.58.59 1.37.95 2.24.95.08 0 .15-.02.23-.03V19z',
  ],
  menu: ['M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z'],
} as const;

function Icon({ name, className = 'pm-icon' }: { name: keyof typeof ICONS; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

type NavLink = { label: string; href: string; external: boolean };

/** The partner's header links (Local bids, Support, …) and the CI score where the partner offers it. */
function navLinks(partner: PublicPartnerHeader, prefix: string): NavLink[] {
  const links: NavLink[] = partner.publicHeader.links.map((link) => ({
    label: link.label,
    href: localHref(link.url, prefix),
    external: /^https?:/.test(link.url),
  }));
  if (
    partner.publicPageFeatures.includes('public-ci-score') &&
    !partner.publicHeader.links.some((l) => l.url === '/score')
  )
    links.push({ label: t('public.ciScore'), href: `${prefix}/score`, external: false });
  return links;
}

function isCurrent(href: string): boolean {
  return typeof window !== 'undefined' && window.location.pathname === href;
}

/**
 * The light public pages' frame, the app's public header drawn in plain CSS (same font, brand mark, links, Store and
 * Sign in / My account; a menu for the links on a phone), and the app's footer (legal pages, support contacts).
 */
export function PublicPageFrame({ partner, prefix, children, notices }: Props) {
  const style = { '--pm-primary': partner.theme.primary, '--pm-secondary': partner.theme.secondary } as CSSProperties;
  const links = navLinks(partner, prefix);
  // The phone's menu holds the links only while open (the bar's own list is hidden there).
  const [menuOpen, setMenuOpen] = useState(false);
  const name = partner.displayName;
  const title = partner.publicHeader.title;
  // The session cookie is HttpOnly; the readable 'logged in' flag says whether to offer the account instead.
  const signedIn = readCookie(LOGGED_IN_COOKIE) === '1';
  const linkItems = links.map((link) => (
    <li key={`${link.label}|${link.href}`}>
      <a href={link.href} aria-current={isCurrent(link.href) ? 'page' : undefined}>
        {link.label}
      </a>
    </li>
  ));
  return (
    <div className="pm-page" style={style}>
      <a className="pm-skip" href="#pm-main">
        {t('public.skipToContent')}
      </a>
      <header className="pm-header">
        <div className="pm-header-inner">
          {links.length > 0 ? (
            <details className="pm-menu" onToggle={(event) => setMenuOpen(event.currentTarget.open)}>
              <summary aria-label={t('public.nav.menu')}>
                <Icon name="menu" />
              </summary>
              {menuOpen ? (
                <nav aria-label={t('public.nav')}>
                  <ul>{linkItems}</ul>
                </nav>
              ) : null}
            </details>
          ) : null}
          <a className="pm-brand" href={`${prefix}/market`} aria-label={name}>
            {partner.logo ? (
              <img src={partner.logo} alt={t('public.logoAlt', { name })} />
            ) : (
              <span className="pm-brand-mark">
                <Icon name="brand" />
              </span>
            )}
            <span className={partner.logo ? 'pm-brand-name pm-hide-xs' : 'pm-brand-name'}>{name}</span>
          </a>
          {title && title !== name ? <span className="pm-brand-title">{title}</span> : null}
          <span className="pm-grow" />
          {links.length > 0 ? (
            <nav className="pm-nav" aria-label={t('public.nav')}>
              <ul>{linkItems}</ul>
            </nav>
          ) : null}
          <a className="pm-store" href={`${prefix}/direct`} aria-label={t('public.nav.store')}>
            <Icon name="store" />
            <span className="pm-hide-xs">{t('public.nav.store')}</span>
          </a>
          {signedIn ? (
            <a className="pm-signin" href={`${prefix}/dashboard`}>
              {t('public.nav.account')}
            </a>
          ) : (
            <a className="pm-signin" href={`${prefix}/sign-in`}>
              {t('public.signIn')}
            </a>
          )}
        </div>
      </header>
      {notices}
      <main className="pm-main" id="pm-main">
        {children}
      </main>
      <PublicFooter partner={partner} prefix={prefix} />
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
