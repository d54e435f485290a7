import { describe, expect, it } from 'vitest';
import {
  acceptCartAnswer,
  cartAddItemBodySchema,
  cartChangesBodySchema,
  cartEnablement,
  cartSetQuantityBodySchema,
  evaluateItemRestrictions,
  isSerialCurrent,
  nextSerial,
  restrictionView,
  type RestrictionRow,
} from './cart.ts';
import { STORE_REGION_FLAGS } from './regions.ts';

const variantId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('cart request bodies', () => {
  it('accepts a whole quantity of 1 to 9,999 with the serial', () => {
    expect(cartAddItemBodySchema.parse({ serial: 3, variantId, quantity: 9999 })).toEqual({
      serial: 3,
      variantId,
      quantity: 9999,
    });
  });

  it('refuses a quantity out of bounds, a fraction, an unknown field or a missing serial', () => {
    expect(cartAddItemBodySchema.safeParse({ serial: 1, variantId, quantity: 0 }).success).toBe(false);
    expect(cartAddItemBodySchema.safeParse({ serial: 1, variantId, quantity: 10000 }).success).toBe(false);
    expect(cartAddItemBodySchema.safeParse({ serial: 1, variantId, quantity: 1.5 }).success).toBe(false);
    expect(cartAddItemBodySchema.safeParse({ serial: 1, variantId, quantity: '2' }).success).toBe(false);
    expect(cartAddItemBodySchema.safeParse({ serial: 1, variantId, quantity: 2, price: '1.00' }).success).toBe(false);
    expect(cartAddItemBodySchema.safeParse({ variantId, quantity: 2 }).success).toBe(false);
    expect(cartAddItemBodySchema.safeParse({ serial: 1, variantId: 'SKU-1', quantity: 2 }).success).toBe(false);
  });

  it('lets a set-quantity of 0 through (it removes the line)', () => {
    expect(cartSetQuantityBodySchema.safeParse({ serial: 2, quantity: 0 }).success).toBe(true);
    expect(cartSetQuantityBodySchema.safeParse({ serial: 2, quantity: -1 }).success).toBe(false);
  });

  it('takes a batch of changes of the four kinds, and nothing else', () => {
    const ok = cartChangesBodySchema.safeParse({
      serial: 1,
      changes: [
        { op: 'add', variantId, quantity: 2 },
        { op: 'set', itemId: variantId, quantity: 0 },
        { op: 'remove', itemId: variantId },
        { op: 'clear' },
      ],
    });
    expect(ok.success).toBe(true);
    expect(cartChangesBodySchema.safeParse({ serial: 1, changes: [] }).success).toBe(false);
    expect(cartChangesBodySchema.safeParse({ serial: 1, changes: [{ op: 'buy' }] }).success).toBe(false);
  });
});

describe('the serial rule', () => {
  it('takes a write only with the current serial, and bumps it by one', () => {
    expect(isSerialCurrent(4, 4)).toBe(true);
    expect(isSerialCurrent(4, 3)).toBe(false);
    expect(isSerialCurrent(4, 5)).toBe(false);
    expect(nextSerial(4)).toBe(5);
  });

  it('ignores an answer with a lower serial for the cart held, takes another cart (a merge) as it comes', () => {
    expect(acceptCartAnswer(null, { id: 'a', serial: 1 })).toBe(true);
    expect(acceptCartAnswer({ id: 'a', serial: 5 }, { id: 'a', serial: 4 })).toBe(false);
    expect(acceptCartAnswer({ id: 'a', serial: 5 }, { id: 'a', serial: 5 })).toBe(true);
    expect(acceptCartAnswer({ id: 'a', serial: 5 }, { id: 'a', serial: 6 })).toBe(true);
    expect(acceptCartAnswer({ id: 'a', serial: 5 }, { id: 'b', serial: 2 })).toBe(true);
  });
});

describe('item restrictions', () => {
  const limit: RestrictionRow = { kind: 'QUANTITY_LIMIT', maxQuantity: 10, minQuantity: null, jurisdictions: [] };
  const minimum: RestrictionRow = { kind: 'MINIMUM_QUANTITY', maxQuantity: null, minQuantity: 4, jurisdictions: [] };
  const states: RestrictionRow = {
    kind: 'JURISDICTIONS_RESTRICTION',
    maxQuantity: null,
    minQuantity: null,
    jurisdictions: ['CA', 'ny'],
  };

  it('breaks a quantity limit only above the max', () => {
    expect(evaluateItemRestrictions({ restrictions: [limit], quantity: 10 })).toEqual([]);
    expect(evaluateItemRestrictions({ restrictions: [limit], quantity: 11 })).toEqual([
      { restriction: 'QUANTITY_LIMIT', max: 10 },
    ]);
  });

  it('breaks a minimum quantity only below the min', () => {
    expect(evaluateItemRestrictions({ restrictions: [minimum], quantity: 3 })).toEqual([
      { restriction: 'MINIMUM_QUANTITY', min: 4 },
    ]);
    expect(evaluateItemRestrictions({ restrictions: [minimum], quantity: 4 })).toEqual([]);
  });

  it('breaks a jurisdiction restriction for a buyer in a listed state, whatever the case; unknown state passes here', () => {
    expect(evaluateItemRestrictions({ restrictions: [states], quantity: 1, jurisdiction: 'ny' })).toEqual([
      { restriction: 'JURISDICTIONS_RESTRICTION', jurisdiction: 'NY' },
    ]);
    expect(evaluateItemRestrictions({ restrictions: [states], quantity: 1, jurisdiction: 'IA' })).toEqual([]);
    expect(evaluateItemRestrictions({ restrictions: [states], quantity: 1, jurisdiction: null })).toEqual([]);
  });

  it('reports every restriction broken at once', () => {
    expect(evaluateItemRestrictions({ restrictions: [limit, states], quantity: 12, jurisdiction: 'CA' })).toHaveLength(
      2,
    );
  });

  it('shows each restriction with its numbers', () => {
    expect(restrictionView(limit)).toEqual({ restriction: 'QUANTITY_LIMIT', max: 10 });
    expect(restrictionView(minimum)).toEqual({ restriction: 'MINIMUM_QUANTITY', min: 4 });
    expect(restrictionView(states)).toEqual({ restriction: 'JURISDICTIONS_RESTRICTION', jurisdictions: ['CA', 'ny'] });
  });
});

describe('cart enablement (6.2)', () => {
  const us = STORE_REGION_FLAGS.US;

  it('is off in a region without add-to-cart, for everyone', () => {
    expect(cartEnablement({ regionAreas: STORE_REGION_FLAGS.AU, signedIn: true, isSuperAdmin: true })).toEqual({
      enabled: false,
      reason: 'cart_not_available_in_region',
    });
    expect(cartEnablement({ regionAreas: STORE_REGION_FLAGS.QC, signedIn: false }).enabled).toBe(false);
  });

  it('lets a guest fill a cart where the region has add-to-cart', () => {
    expect(cartEnablement({ regionAreas: us, signedIn: false })).toEqual({ enabled: true, reason: null });
  });

  it('needs the input-purchasing permission for a signed-in user: super admin, owner or the member flag', () => {
    expect(cartEnablement({ regionAreas: us, signedIn: true, isSuperAdmin: true }).enabled).toBe(true);
    expect(
      cartEnablement({ regionAreas: us, signedIn: true, enterpriseRole: 'owner', enterprisePermissions: [] }).enabled,
    ).toBe(true);
    expect(
      cartEnablement({
        regionAreas: us,
        signedIn: true,
        enterpriseRole: 'subaccount',
        enterprisePermissions: ['has_input_purchasing_access'],
      }).enabled,
    ).toBe(true);
    expect(
      cartEnablement({
        regionAreas: us,
        signedIn: true,
        enterpriseRole: 'subaccount',
        enterprisePermissions: ['has_team_access'],
      }),
    ).toEqual({
      enabled: false,
      reason: 'enterprise_access_required',
    });
    expect(cartEnablement({ regionAreas: us, signedIn: true, enterpriseRole: null }).reason).toBe(
      'enterprise_access_required',
    );
  });
});
