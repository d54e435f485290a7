import { screen, within } from '@testing-library/react';
import { Table, TableBody } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render-app';
import { TableHeadRow } from './table-head-row';

describe('TableHeadRow', () => {
  it('writes one column header per column, aligned, a hidden one for screen readers only', () => {
    renderWithIntl(
      <Table>
        <TableHeadRow
          columns={[
            { id: 'crm.bids.col.select', padding: 'checkbox', hidden: true },
            { id: 'crm.bids.col.basis', align: 'right' },
            { id: 'crm.bids.col.cash' },
          ]}
        />
        <TableBody />
      </Table>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Select', 'Basis', 'Cash']);
    expect(headers[0]!.className).toContain('MuiTableCell-paddingCheckbox');
    expect(within(headers[0]!).getByText('Select').style.position).toBe('absolute');
    expect(headers[1]!.className).toContain('MuiTableCell-alignRight');
    expect(headers[2]!.className).not.toContain('MuiTableCell-alignRight');
  });
});
