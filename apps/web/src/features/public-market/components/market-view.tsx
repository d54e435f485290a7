import {
  formatRelative,
  type PriceNotationSettings,
  type PublicCropBids,
  type PublicMarketPage,
} from '@granary/domain';
import { useId, useState } from 'react';
import {
  formatDay,
  formatInstant,
  formatBidBasis,
  formatBidChange,
  formatBidPrice,
  formatMonth,
  t,
  type PublicLocale,
} from '../public-messages';
import { telHref } from '../../../lib/ui/tel-href';
import { MarketHours } from './market-hours';
import { StaleNotice } from './market-notices';

export type RefreshState = 'idle' | 'refreshing' | 'failed';

type Props = {
  page: PublicMarketPage;
  locale: PublicLocale;
  /** The page's /{locale} prefix ('' without one). */
  prefix: string;
  refresh?: RefreshState;
  /** Opens another market's page (a full page load by default: its data comes inlined). */
  onPickMarket?: (slug: string) => void;
};

function changeClass(value: string | null): string | undefined {
  if (value === null || Number(value) === 0) return undefined;
  return Number(value) > 0 ? 'pm-up' : 'pm-down';
}

function BidsTable({
  crop,
  locale,
  notation,
}: {
  crop: PublicCropBids;
  locale: PublicLocale;
  notation: PriceNotationSettings;
}) {
  const headingId = useId();
  const unit = crop.bids[0]?.priceUnit === 'tonne' ? t('public.bids.unit.tonne') : t('public.bids.unit.bushel');
  const labels = {
    futuresMonth: t('public.bids.month'),
    futures: t('public.bids.futures'),
    change: t('public.bids.change'),
    basis: t('public.bids.basis'),
    cash: t('public.bids.cash'),
  };
  return (
    <section className="pm-crop" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {crop.crop} <span className="pm-muted">{t('public.bids.perUnit', { unit })}</span>
      </h2>
      <table className="pm-table" role="table">
        <caption>{t('public.bids.caption', { crop: crop.crop })}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {t('public.bids.delivery')}
            </th>
            <th scope="col" role="columnheader">
              {t('public.bids.futuresMonth')}
            </th>
            <th scope="col" role="columnheader">
              {labels.futures}
            </th>
            <th scope="col" role="columnheader">
              {labels.change}
            </th>
            <th scope="col" role="columnheader">
              {labels.basis}
            </th>
            <th scope="col" role="columnheader">
              {labels.cash}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {crop.bids.map((bid) => {
            const flat = bid.futuresSymbol === null;
            return (
              <tr key={bid.id} role="row">
                <th scope="row" role="rowheader">
                  {bid.name}
                </th>
                <td role="cell" data-label={labels.futuresMonth}>
                  {flat ? t('public.bids.flat') : formatMonth(bid.futuresMonth, locale)}
                  {bid.futuresSymbol ? <span className="pm-symbol">{bid.futuresSymbol}</span> : null}
                </td>
                <td role="cell" data-label={labels.futures}>
                  {formatBidPrice(bid.futuresLast, bid, notation)}
                </td>
                <td role="cell" data-label={labels.change} className={changeClass(bid.futuresChange)}>
                  {formatBidChange(bid.futuresChange, bid, notation)}
                </td>
                <td role="cell" data-label={labels.basis}>
                  {formatBidBasis(bid.basis, bid, notation)}
                </td>
                <td role="cell" data-label={labels.cash} className="pm-cash">
                  {formatBidPrice(bid.cashPrice, bid, notation)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function MarketPicker({ page, prefix, onPickMarket }: Pick<Props, 'page' | 'prefix' | 'onPickMarket'>) {
  const [slug, setSlug] = useState(page.market?.slug ?? page.markets[0]?.slug ?? '');
  const selectId = useId();
  const go = (target: string) =>
    onPickMarket ? onPickMarket(target) : window.location.assign(`${prefix}/market/${encodeURIComponent(target)}`);
  return (
    <form
      className="pm-picker"
      onSubmit={(event) => {
        event.preventDefault();
        if (slug) go(slug);
      }}
    >
      <label htmlFor={selectId}>{t('public.market.picker')}</label>
      <select id={selectId} value={slug} onChange={(event) => setSlug(event.target.value)}>
        {page.markets.map((m) => (
          <option key={m.slug} value={m.slug}>
            {m.label}
          </option>
        ))}
      </select>
      <button className="pm-button" type="submit">
        {t('public.market.pickerGo')}
      </button>
    </form>
  );
}

/** A market's public page: its bids per crop, when they were updated, and what the market shows of itself. */
export function MarketView({ page, locale, prefix, refresh = 'idle', onPickMarket }: Props) {
  const market = page.market;
  if (!market) {
    return (
      <section className="pm-card">
        <h1>{t('public.market.title')}</h1>
        <p>{t('public.market.noMarkets')}</p>
      </section>
    );
  }
  const zone = market.timezone;
  const address = [
    market.addressLine1,
    `${market.city}, ${market.administrativeAreaLevel1}${market.postalCode ? ` ${market.postalCode}` : ''}`,
  ].filter(Boolean);
  return (
    <>
      <div className="pm-title-row">
        <div>
          <p className="pm-kicker">{t('public.market.title')}</p>
          <h1>{market.label}</h1>
        </div>
        {page.markets.length > 1 ? <MarketPicker page={page} prefix={prefix} onPickMarket={onPickMarket} /> : null}
      </div>
      <div className="pm-layout">
        <div className="pm-column">
          {page.announcements && page.announcements.length > 0 ? (
            <section className="pm-card pm-announcements" aria-labelledby="pm-announcements">
              <h2 id="pm-announcements">{t('public.announcements.title')}</h2>
              <ul className="pm-list">
                {page.announcements.map((a) => (
                  <li key={a.id} className="pm-announcement">
                    <h3>{a.title}</h3>
                    <p>{a.body}</p>
                    <span className="pm-muted">
                      {t('public.announcements.posted', { date: formatDay(a.startsAt, locale, zone) })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="pm-card" aria-label={t('public.market.title')}>
            <p className="pm-status">
              <span>
                {page.updatedAt
                  ? t('public.market.updated', { time: formatInstant(page.updatedAt, locale, zone) })
                  : t('public.market.notUpdated')}
              </span>
              {page.futuresAt ? (
                <span>{t('public.market.futuresAt', { time: formatInstant(page.futuresAt, locale, zone) })}</span>
              ) : null}
              {page.dataUpdatedAt && page.partner.publicPageFeatures.includes('ingested-data') ? (
                // 'just now', '2 h ago', 'yesterday', then the locale's day (decision 035); the exact time on hover.
                <span title={formatInstant(page.dataUpdatedAt, locale, zone)}>
                  {t('public.market.dataUpdated', { time: formatRelative(page.dataUpdatedAt, new Date(), locale) })}
                </span>
              ) : null}
            </p>
            <StaleNotice
              refresh={refresh}
              updatedAt={page.updatedAt}
              generatedAt={page.generatedAt}
              locale={locale}
              timeZone={zone}
            />
            {page.crops.length === 0 ? (
              <p>{t('public.market.noBids')}</p>
            ) : (
              page.crops.map((crop) => (
                <BidsTable key={crop.cropId} crop={crop} locale={locale} notation={page.partner.priceNotation} />
              ))
            )}
            <p className="pm-note">{t('public.market.subjectToChange')}</p>
          </section>
          {page.deliveryInformation ? (
            <section className="pm-card" aria-labelledby="pm-delivery">
              <h2 id="pm-delivery">{t('public.delivery.title')}</h2>
              <p className="pm-text">{page.deliveryInformation}</p>
            </section>
          ) : null}
          {page.additionalInfo ? (
            <section className="pm-card" aria-labelledby="pm-additional">
              <h2 id="pm-additional">{t('public.additional.title')}</h2>
              <p className="pm-text">{page.additionalInfo}</p>
            </section>
          ) : null}
        </div>
        <aside>
          {page.hours ? <MarketHours hours={page.hours} locale={locale} timeZone={zone} /> : null}
          <section className="pm-card" aria-labelledby="pm-location">
            <h2 id="pm-location">{t('public.market.address')}</h2>
            <address className="pm-text pm-address">{address.join('\n')}</address>
            {market.phone ? (
              <p className="pm-line">
                <a href={telHref(market.phone)}>{market.phone}</a>
              </p>
            ) : null}
            {market.email ? (
              <p className="pm-line">
                <a href={`mailto:${market.email}`}>{market.email}</a>
              </p>
            ) : null}
          </section>
          {page.contacts && page.contacts.length > 0 ? (
            <section className="pm-card" aria-labelledby="pm-contacts">
              <h2 id="pm-contacts">{t('public.contacts.title')}</h2>
              <ul className="pm-list">
                {page.contacts.map((c, i) => (
                  <li key={`${c.name}-${i}`}>
                    <div className="pm-contact-name">{c.name}</div>
                    {c.title ? <div className="pm-muted">{c.title}</div> : null}
                    {c.phone ? (
                      <div>
                        <a href={telHref(c.phone)} aria-label={`${t('public.market.call')} ${c.name}: ${c.phone}`}>
                          {c.phone}
                        </a>
                      </div>
                    ) : null}
                    {c.email ? (
                      <div>
                        <a href={`mailto:${c.email}`} aria-label={`${t('public.market.email')} ${c.name}: ${c.email}`}>
                          {c.email}
                        </a>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </>
  );
}
