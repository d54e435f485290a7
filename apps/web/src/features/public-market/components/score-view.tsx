import {
  CI_SCORE_DEFAULTS,
  computeCiScore,
  type CiScoreBreakdown,
  type CiScoreInput,
  type Climate,
  type Tillage,
} from '@granary/domain';
import { useId, useState } from 'react';
import { formatNumber, t, type PublicLocale, type PublicMessageId } from '../public-messages';

type NumberField = Exclude<keyof CiScoreInput, 'tillage' | 'coverCrop' | 'climate'>;

const NUMBER_FIELDS: { key: NumberField; label: PublicMessageId; unit: PublicMessageId; step: string }[] = [
  { key: 'yieldBuPerAcre', label: 'public.score.yield', unit: 'public.score.unit.buPerAcre', step: '1' },
  { key: 'nitrogenLbPerAcre', label: 'public.score.nitrogen', unit: 'public.score.unit.lbPerAcre', step: '1' },
  { key: 'phosphateLbPerAcre', label: 'public.score.phosphate', unit: 'public.score.unit.lbPerAcre', step: '1' },
  { key: 'potashLbPerAcre', label: 'public.score.potash', unit: 'public.score.unit.lbPerAcre', step: '1' },
  { key: 'limeLbPerAcre', label: 'public.score.lime', unit: 'public.score.unit.lbPerAcre', step: '10' },
  { key: 'dieselGalPerAcre', label: 'public.score.diesel', unit: 'public.score.unit.galPerAcre', step: '0.1' },
  { key: 'propaneGalPerAcre', label: 'public.score.propane', unit: 'public.score.unit.galPerAcre', step: '0.1' },
  { key: 'electricityKwhPerAcre', label: 'public.score.electricity', unit: 'public.score.unit.kwhPerAcre', step: '1' },
];

const PARTS: { key: keyof CiScoreBreakdown; label: PublicMessageId }[] = [
  { key: 'fieldN2o', label: 'public.score.part.fieldN2o' },
  { key: 'nitrogenManufacture', label: 'public.score.part.nitrogenManufacture' },
  { key: 'energy', label: 'public.score.part.energy' },
  { key: 'lime', label: 'public.score.part.lime' },
  { key: 'otherFertilizer', label: 'public.score.part.otherFertilizer' },
  { key: 'soilCarbon', label: 'public.score.part.soilCarbon' },
];

const TILLAGES: Tillage[] = ['conventional', 'reduced', 'no-till'];
const CLIMATES: Climate[] = ['moist', 'dry'];

type Draft = Record<NumberField, string> & Pick<CiScoreInput, 'tillage' | 'coverCrop' | 'climate'>;

function draftOf(input: CiScoreInput): Draft {
  const draft = { tillage: input.tillage, coverCrop: input.coverCrop, climate: input.climate } as Draft;
  for (const f of NUMBER_FIELDS) draft[f.key] = String(input[f.key]);
  return draft;
}

function inputOf(draft: Draft): CiScoreInput {
  const input = { tillage: draft.tillage, coverCrop: draft.coverCrop, climate: draft.climate } as CiScoreInput;
  for (const f of NUMBER_FIELDS) input[f.key] = draft[f.key].trim() === '' ? Number.NaN : Number(draft[f.key]);
  return input;
}

/** /score: the visitor's farm inputs in, the corn CI score out (computed in the browser by the domain's model). */
export function ScoreView({ locale }: { locale: PublicLocale }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(CI_SCORE_DEFAULTS));
  const id = useId();
  const score = computeCiScore(inputOf(draft));
  const largest = score ? Math.max(...PARTS.map((p) => Math.abs(score.breakdown[p.key])), 1) : 1;
  return (
    <>
      <div className="pm-title-row">
        <div>
          <h1>{t('public.score.title')}</h1>
        </div>
      </div>
      <div className="pm-layout">
        <section className="pm-card" aria-labelledby={`${id}-inputs`}>
          <p className="pm-intro">{t('public.score.intro')}</p>
          <h2 id={`${id}-inputs`}>{t('public.score.inputs')}</h2>
          <form className="pm-score-form" onSubmit={(event) => event.preventDefault()}>
            {NUMBER_FIELDS.map((f) => (
              <div className="pm-field" key={f.key}>
                <label htmlFor={`${id}-${f.key}`}>{t(f.label)}</label>
                <div className="pm-input-unit">
                  <input
                    id={`${id}-${f.key}`}
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step={f.step}
                    value={draft[f.key]}
                    aria-describedby={`${id}-${f.key}-unit`}
                    onChange={(event) => setDraft({ ...draft, [f.key]: event.target.value })}
                  />
                  <span id={`${id}-${f.key}-unit`} className="pm-muted">
                    {t(f.unit)}
                  </span>
                </div>
              </div>
            ))}
            <div className="pm-field">
              <label htmlFor={`${id}-tillage`}>{t('public.score.tillage')}</label>
              <select
                id={`${id}-tillage`}
                value={draft.tillage}
                onChange={(event) => setDraft({ ...draft, tillage: event.target.value as Tillage })}
              >
                {TILLAGES.map((v) => (
                  <option key={v} value={v}>
                    {t(`public.score.tillage.${v}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="pm-field">
              <label htmlFor={`${id}-climate`}>{t('public.score.climate')}</label>
              <select
                id={`${id}-climate`}
                value={draft.climate}
                onChange={(event) => setDraft({ ...draft, climate: event.target.value as Climate })}
              >
                {CLIMATES.map((v) => (
                  <option key={v} value={v}>
                    {t(`public.score.climate.${v}`)}
                  </option>
                ))}
              </select>
            </div>
            <label className="pm-check">
              <input
                type="checkbox"
                checked={draft.coverCrop}
                onChange={(event) => setDraft({ ...draft, coverCrop: event.target.checked })}
              />
              {t('public.score.coverCrop')}
            </label>
            <div className="pm-field">
              <button
                className="pm-button pm-secondary"
                type="button"
                onClick={() => setDraft(draftOf(CI_SCORE_DEFAULTS))}
              >
                {t('public.score.reset')}
              </button>
            </div>
          </form>
          {score ? (
            <div className="pm-score-bar" aria-hidden="true">
              {t('public.score.result')}: <strong>{formatNumber(score.gCo2ePerMj, locale)}</strong>{' '}
              {t('public.score.perMj')}
            </div>
          ) : null}
        </section>
        <aside>
          <section className="pm-card" aria-labelledby={`${id}-result`} aria-live="polite">
            <h2 id={`${id}-result`}>{t('public.score.result')}</h2>
            {score ? (
              <>
                <div className="pm-score-value">{formatNumber(score.gCo2ePerMj, locale)}</div>
                <div className="pm-score-unit">{t('public.score.perMj')}</div>
                <p className="pm-muted">{t('public.score.perMjLong')}</p>
                <p className="pm-muted">
                  {t('public.score.perBushel', { value: formatNumber(score.kgCo2ePerBushel, locale, 2) })}
                </p>
                <p className="pm-muted">
                  {t('public.score.perAcre', { value: formatNumber(score.kgCo2ePerAcre, locale, 0) })}
                </p>
                <h3 className="pm-subheading">{t('public.score.breakdown')}</h3>
                <ul className="pm-bars">
                  {PARTS.map((p) => {
                    const value = score.breakdown[p.key];
                    return (
                      <li key={p.key}>
                        <span>{t(p.label)}</span>
                        <span>{formatNumber(value, locale, 0)}</span>
                        <span className="pm-bar" aria-hidden="true">
                          <span
                            className={value < 0 ? 'is-credit' : undefined}
                            style={{ width: `${(Math.abs(value) / largest) * 100}%` }}
                          />
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </>
            ) : (
              <p role="alert">{t('public.score.invalid')}</p>
            )}
            <p className="pm-note">{t('public.score.disclaimer')}</p>
          </section>
          <section className="pm-card">
            <details>
              <summary>{t('public.score.method')}</summary>
              <p className="pm-note">{t('public.score.methodText')}</p>
            </details>
          </section>
        </aside>
      </div>
    </>
  );
}
