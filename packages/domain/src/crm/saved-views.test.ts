import { describe, expect, it } from 'vitest';
import { savedViewCreateSchema, savedViewStateKey, savedViewUpdateSchema, type SavedViewState } from './saved-views.ts';

const state: SavedViewState = {
  filters: { view: 'openContracts', sort: 'client' },
  hiddenColumns: ['b', 'a'],
  shownColumns: [],
  density: 'compact',
};

describe('saved views', () => {
  it('gives equal states the same key whatever the order of their filters and columns', () => {
    const same = { ...state, filters: { sort: 'client', view: 'openContracts' }, hiddenColumns: ['a', 'b'] };
    expect(savedViewStateKey(same)).toBe(savedViewStateKey(state));
    expect(savedViewStateKey({ ...state, density: 'comfortable' })).not.toBe(savedViewStateKey(state));
  });

  it('takes a trimmed name and a strict state, and refuses the rest', () => {
    expect(savedViewCreateSchema.parse({ grid: 'bids', name: '  Corn  ', state }).name).toBe('Corn');
    expect(savedViewCreateSchema.safeParse({ grid: 'bids', name: ' ', state }).success).toBe(false);
    expect(savedViewCreateSchema.safeParse({ grid: 'bids', name: 'x'.repeat(61), state }).success).toBe(false);
    expect(savedViewCreateSchema.safeParse({ grid: 'bids', name: 'x', state: { ...state, x: 1 } }).success).toBe(false);
    expect(
      savedViewCreateSchema.safeParse({ grid: 'bids', name: 'x', state: { ...state, shownColumns: ['a b'] } }).success,
    ).toBe(false);
    expect(savedViewUpdateSchema.safeParse({}).success).toBe(false);
    expect(savedViewUpdateSchema.safeParse({ name: 'New' }).success).toBe(true);
  });
});
