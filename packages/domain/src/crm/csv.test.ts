import { describe, expect, it } from 'vitest';
import { csvCell, listCsvFileName, listViewCsv, toCsv } from './csv.ts';
import { contractListRow, scaleTicketListRow } from './list-row.ts';
import { TODAY, contract, ticket } from './test-fixtures.ts';
import { VIEW_DEFINITIONS } from './views.ts';

describe('RFC 4180', () => {
  it('quotes fields with commas, quotes, CR or LF and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Smith, John')).toBe('"Smith, John"');
    expect(csvCell('6" auger')).toBe('"6"" auger"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('Yes');
    expect(csvCell(false)).toBe('No');
    expect(csvCell(12)).toBe('12');
  });

  it('ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', '2,3'],
      ]),
    ).toBe('a,b\r\n1,"2,3"\r\n');
    expect(toCsv([])).toBe('');
  });
});

describe('formula injection', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+cmd|/C calc!A0', "'+cmd|/C calc!A0"],
    ['-2+3+cmd|/C calc!A0', "'-2+3+cmd|/C calc!A0"],
    ['@SUM(1,2)', `"'@SUM(1,2)"`],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['-', "'-"],
  ])('neutralises %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('leaves plain numbers alone, negative ones included', () => {
    expect(csvCell('-0.35')).toBe('-0.35');
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-1e5')).toBe("'-1e5");
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('list view export', () => {
  it('writes the view columns as headings, then the rows', () => {
    const row = contractListRow(
      contract(
        {
          deliveryEnd: '2026-05-01',
          deliveredQuantity: '1200.5',
          description: '=cmd',
          lastTicketDate: '2026-04-30',
          cashPrice: '4.2000',
          priceStatus: 'priced',
        },
        { client: { id: 7, name: 'Gagné, "Fils"', area: null, estimatedYield: null, contractedWithOther: null } },
      ),
      TODAY,
    );
    const csv = listViewCsv([row], 'delinquent');
    const [head, line, end] = csv.split('\r\n');
    expect(head).toBe(
      'Contract #,Client,Type,Crop,Crop year,Quantity,Delivery start,Delivery end,Delivered,Undelivered,Last ticket,Price status,Avg cash',
    );
    expect(line).toBe(
      'C-1001,"Gagné, ""Fils""",flat,Corn,2026,5000,2026-10-01,2026-05-01,1200.5,3799.5,2026-04-30,priced,4.2',
    );
    expect(end).toBe('');
    expect(head!.split(',')).toHaveLength(VIEW_DEFINITIONS.delinquent.columns.length);
  });

  it('exports tickets with the ticket columns', () => {
    const csv = listViewCsv([scaleTicketListRow(ticket())], 'unapplied');
    expect(csv.split('\r\n')[1]).toBe('T-5001,Prairie Acres Farm,Corn,2026,2026-05-10,56000,1000,0,1000,15.5,56,1,0.5');
  });

  it('names the file after the list, the view and the day', () => {
    expect(listCsvFileName('needs_pricing', 'contract', TODAY)).toBe('contracts-needs-pricing-2026-05-15.csv');
    expect(listCsvFileName('default', 'deliveries', TODAY)).toBe('deliveries-2026-05-15.csv');
  });
});
