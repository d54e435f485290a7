import { describe, expect, it } from 'vitest';
import {
  applySynonyms,
  catalogueWords,
  completeSynonym,
  correctTypos,
  editDistance,
  nearestCatalogueWord,
} from './search-terms.ts';

const synonyms = new Map([
  ['roundup', 'glyphosate'],
  ['round up', 'glyphosate'],
  ['glyphosphate', 'glyphosate'],
  ['dicmaba', 'dicamba'],
  ['atrazeen', 'atrazine'],
]);

describe('the synonym list', () => {
  it('turns trade names and known misspellings into the catalogue term', () => {
    expect(applySynonyms('Roundup', synonyms)).toEqual({
      query: 'glyphosate',
      replaced: [{ typed: 'roundup', term: 'glyphosate' }],
    });
    expect(applySynonyms('glyphosphate 2.5 gal', synonyms).query).toBe('glyphosate 2.5 gal');
    expect(applySynonyms('  DICMABA ', synonyms).query).toBe('dicamba');
    expect(applySynonyms('atrazeen', synonyms).query).toBe('atrazine');
  });
  it('prefers the longest phrase and leaves other words alone', () => {
    expect(applySynonyms('round up powermax', synonyms).query).toBe('glyphosate powermax');
    expect(applySynonyms('corn seed', synonyms)).toEqual({ query: 'corn seed', replaced: [] });
  });
});

describe('completing a listed phrase while the farmer types', () => {
  it('reads the half-typed end of the query as the listed phrase it starts', () => {
    expect(completeSynonym('roun', synonyms)).toEqual({
      query: 'glyphosate',
      replaced: [{ typed: 'roun', term: 'glyphosate' }],
    });
    expect(completeSynonym('Round U', synonyms)?.query).toBe('glyphosate');
    expect(completeSynonym('dicm', synonyms)?.query).toBe('dicamba');
    expect(completeSynonym('atrazee', synonyms)?.query).toBe('atrazine');
    expect(completeSynonym('2.5 gal glyphosp', synonyms)?.query).toBe('2.5 gal glyphosate');
  });
  it('leaves whole phrases to the list, and short or unlisted beginnings alone', () => {
    expect(completeSynonym('roundup', synonyms)).toBeNull();
    expect(completeSynonym('rou', synonyms)).toBeNull();
    expect(completeSynonym('corn', synonyms)).toBeNull();
  });
});

describe('typos the list does not know', () => {
  const vocabulary = catalogueWords([
    'Glyphosate 41% Plus',
    'Atrazine 4L',
    'Dicamba',
    'Phosphate (P2O5)',
    'Mesotrione',
  ]);
  it('keeps the catalogue words, letters only, four or more', () => {
    expect(vocabulary).toEqual(['atrazine', 'dicamba', 'glyphosate', 'mesotrione', 'phosphate', 'plus']);
  });
  it('measures swaps as one edit', () => {
    expect(editDistance('dicmaba', 'dicamba')).toBe(1);
    expect(editDistance('atrazeen', 'atrazine')).toBe(2);
  });
  it('corrects a near miss to its catalogue word, never a short word and never a far one', () => {
    expect(nearestCatalogueWord('mesotrine', vocabulary)).toBe('mesotrione');
    expect(nearestCatalogueWord('dicabma', vocabulary)).toBe('dicamba');
    expect(nearestCatalogueWord('plsu', vocabulary)).toBeNull();
    expect(nearestCatalogueWord('tractor', vocabulary)).toBeNull();
    expect(nearestCatalogueWord('glyphosate', vocabulary)).toBeNull();
    expect(correctTypos('Atrazien 4l', vocabulary)).toEqual({
      query: 'atrazine 4l',
      replaced: [{ typed: 'atrazien', term: 'atrazine' }],
    });
  });
});
