import { describe, expect, it } from 'vitest';
import {
  LIST_COLUMNS,
  LIST_COLUMN_LABELS,
  contractListResponseSchema,
  contractListRow,
  contractListRowSchema,
  scaleTicketListRow,
} from './list-row.ts';
import { CLIENT, TODAY, contract, ticket } from './test-fixtures.ts';

describe('contract list row', () => {
  it("has every column of section 3's list, and labels for them", () => {
    const shape = Object.keys(contractListRowSchema.shape);
    for (const c of LIST_COLUMNS) expect(shape).toContain(c);
    // grain-marketing.md 3 'Contract list row (columns)', verbatim
    const spec =
      'contractType, client, contractStatus, quantity, quantityUnit, deliveryStartIsoStr, deliveryEndIsoStr, delivery, priceStatus, averageFutures, averageBasis, averageCash, deliveredQuantity, optionMonth, undeliveredQuantity, expiration, expirationDay, inTheMoney, daysAccumulated, offerPrice, lastTicketDate, strike, callOptionFee, document, date, outstanding, description, eSignEligible, eSignSent, signed, scaleTicketNum, scaleTicketId, deliveryDate, relationship, splitPct, split, weight, actualUnapplied, actualApplied, average, deliveryCombo, commodity, specialty, unpricedQuantity, mpOption, moisture, testWeight, foreignMaterial, damage, cropYear, displayContractId, displayContractAmendmentId, displayScaleTicketId, cancelledQuantity';
    expect([...LIST_COLUMNS]).toEqual(spec.split(', '));
    expect(Object.keys(LIST_COLUMN_LABELS).sort()).toEqual([...LIST_COLUMNS].sort());
  });

  it('builds a contract row with the derived columns, as decimal strings', () => {
    const row = contractListRow(
      contract({
        contractType: 'mp',
        quantity: '5000.0000',
        deliveredQuantity: '1000.2500',
        cancelledQuantity: '500',
        pricedQuantity: '1000',
        strike: '4.5000',
        expiration: '2026-05-20',
        futuresPrice: '4.1000',
        basis: '-0.3500',
        cashPrice: '3.7500',
        priceStatus: 'partially_priced',
        esignEligible: true,
        signed: false,
      }),
      TODAY,
      { marketFutures: '4.62', document: { fileName: 'C-1001.pdf', status: 'sent', createdOn: '2026-05-01' } },
    );
    expect(row).toMatchObject({
      kind: 'contract',
      client: CLIENT.name,
      commodity: 'Corn',
      quantity: '5000',
      deliveredQuantity: '1000.25',
      cancelledQuantity: '500',
      undeliveredQuantity: '3499.75',
      unpricedQuantity: '3500',
      averageFutures: '4.1',
      averageBasis: '-0.35',
      averageCash: '3.75',
      strike: '4.5',
      expirationDay: 5,
      inTheMoney: true,
      daysAccumulated: null,
      document: 'C-1001.pdf',
      outstanding: 14,
      delivery: '2026-10-01/2026-11-30',
      eSignEligible: true,
      signed: false,
    });
    expect(contractListRowSchema.parse(row)).toEqual(row);
  });

  it('builds a ticket row', () => {
    const row = scaleTicketListRow(ticket({ appliedQuantity: '250.5000', unappliedQuantity: '749.5000' }));
    expect(row).toMatchObject({
      kind: 'scaleTicket',
      contractType: null,
      actualApplied: '250.5',
      actualUnapplied: '749.5',
      scaleTicketNum: 'T-5001',
      date: '2026-05-10',
      moisture: '15.5',
    });
    expect(contractListRowSchema.parse(row)).toEqual(row);
  });

  it('refuses floats where decimal strings belong', () => {
    const row = contractListRow(contract(), TODAY);
    expect(contractListRowSchema.safeParse({ ...row, quantity: 5000 }).success).toBe(false);
    expect(contractListRowSchema.safeParse({ ...row, averageCash: '4.2e1' }).success).toBe(false);
    expect(contractListRowSchema.safeParse({ ...row, date: '2026-02-30' }).success).toBe(false);
  });

  it('validates the list response', () => {
    const rows = [contractListRow(contract(), TODAY)];
    expect(
      contractListResponseSchema.parse({ rows, totalCount: 1, paginationToken: null, page: 1, pageSize: 100 }).rows,
    ).toHaveLength(1);
    expect(
      contractListResponseSchema.safeParse({ rows, totalCount: -1, paginationToken: null, page: 1, pageSize: 100 })
        .success,
    ).toBe(false);
    expect(
      contractListResponseSchema.safeParse({ rows, totalCount: 1, page: 0, pageSize: 100, paginationToken: null })
        .success,
    ).toBe(false);
  });
});
