import { describe, expect, it } from 'vitest';
import { humanize, joinTitle, slugify } from './text.ts';

describe('slugify', () => {
  it('turns spaces, "/" and "," into "-"', () => {
    expect(slugify('crop protection')).toBe('crop-protection');
    expect(slugify('seed/treatment')).toBe('seed-treatment');
    expect(slugify('corn,soybeans')).toBe('corn-soybeans');
  });

  it('strips characters other than letters, digits, spaces, "-", "/" and ","', () => {
    expect(slugify('Round-Up® PowerMAX 3!')).toBe('round-up-powermax-3');
    expect(slugify('50% off: (today)')).toBe('50-off-today');
    expect(slugify("farmer's_choice")).toBe('farmerschoice');
  });

  it('lower-cases (decision beyond the spec)', () => {
    expect(slugify('Winter Wheat')).toBe('winter-wheat');
  });

  it('folds accents rather than dropping letters (decision beyond the spec)', () => {
    expect(slugify('Café Olé')).toBe('cafe-ole');
  });

  it('collapses runs of "-" and trims them at the ends (decision beyond the spec)', () => {
    expect(slugify('Corn, Yellow #2')).toBe('corn-yellow-2');
    expect(slugify('  a / b  ')).toBe('a-b');
    expect(slugify('--x--')).toBe('x');
    expect(slugify('***')).toBe('');
  });
});

describe('humanize', () => {
  it('drops a trailing _id, replaces "_" and capitalises the first letter', () => {
    expect(humanize('client_legal_entity_id')).toBe('Client legal entity');
    expect(humanize('crop_year')).toBe('Crop year');
    expect(humanize('status')).toBe('Status');
  });

  it('drops _id only at the end', () => {
    expect(humanize('id_number')).toBe('Id number');
    expect(humanize('client_id_list')).toBe('Client id list');
    expect(humanize('id')).toBe('Id');
  });

  it('keeps the case of the rest and handles empty input', () => {
    expect(humanize('market_ID')).toBe('Market');
    expect(humanize('contractType')).toBe('ContractType');
    expect(humanize('')).toBe('');
  });
});

describe('joinTitle', () => {
  it('joins non-empty parts with " | "', () => {
    expect(joinTitle(['Contracts', 'CRM', 'Granary'])).toBe('Contracts | CRM | Granary');
    expect(joinTitle(['Contracts', '', 'Granary'])).toBe('Contracts | Granary');
    expect(joinTitle(['  ', 'Granary'])).toBe('Granary');
    expect(joinTitle([null, undefined, false, 'Granary'])).toBe('Granary');
    expect(joinTitle([])).toBe('');
  });
});
