import { useState } from 'react';

/** The bids ticked for a basis move: one toggled, a crop's all at once, one taken out (deleted), or none. */
export function useBidsGridSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const onToggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onToggleAll = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const deselect = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  const clear = () => setSelected(new Set());
  return { selected, onToggle, onToggleAll, deselect, clear };
}
