import type { ContractListRow } from '@granary/domain';
import { useCallback, useMemo, useState } from 'react';
import type { RowSelection } from './contract-table';

/** The rows selected on the list's page for a bulk action; forgotten when `scope` (view, page, market) changes. */
export function useRowSelection(
  rows: readonly ContractListRow[] | null,
  scope: string,
): RowSelection & { selected: ContractListRow[]; clear: () => void } {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<number> }>({ scope, ids: new Set() });
  const ids = useMemo(() => (state.scope === scope ? state.ids : new Set<number>()), [state, scope]);
  const selectable = useMemo(() => (rows ?? []).filter((r) => r.kind === 'contract'), [rows]);
  const selected = useMemo(() => selectable.filter((r) => ids.has(r.id)), [selectable, ids]);
  const clear = useCallback(() => setState({ scope, ids: new Set() }), [scope]);
  const toggle = useCallback(
    (row: ContractListRow) =>
      setState((current) => {
        const next = new Set(current.scope === scope ? current.ids : []);
        if (next.has(row.id)) next.delete(row.id);
        else next.add(row.id);
        return { scope, ids: next };
      }),
    [scope],
  );
  const allSelected = selectable.length > 0 && selected.length === selectable.length;
  const toggleAll = useCallback(
    () => setState({ scope, ids: allSelected ? new Set() : new Set(selectable.map((r) => r.id)) }),
    [scope, allSelected, selectable],
  );
  return {
    selected,
    clear,
    toggle,
    toggleAll,
    allSelected,
    someSelected: selected.length > 0,
    isSelected: (row) => ids.has(row.id),
  };
}
