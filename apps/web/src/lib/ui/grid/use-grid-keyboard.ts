import { useCallback, useEffect, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';

/** Elements where a typed key belongs to the user's text, not to a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return Boolean(target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'));
}

/** `/` focuses the grid's search box (not while typing in a field, not with a modifier). */
export function useSlashToSearch(search: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const box = search.current;
      if (!box) return;
      event.preventDefault();
      const input = box instanceof HTMLInputElement ? box : box.querySelector('input');
      (input ?? box).focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [search]);
}

/** A click that opens the row: not on its own links, buttons or fields, and not with a modifier (a new tab). */
function opensRow(event: MouseEvent): boolean {
  if ((event.target as HTMLElement).closest('a, button, input, label, [role="button"], [role="checkbox"]'))
    return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey);
}

/**
 * Roving focus over a grid's rows (`[data-grid-row]` under the container): one row is in the tab order, arrow up and
 * down move it, Home and End go to the ends, Enter opens it (as a click does).
 */
export function useRowKeyboard<Row>(
  container: RefObject<HTMLElement | null>,
  rows: readonly Row[],
  onOpen?: (row: Row) => void,
) {
  const [active, setActive] = useState(0);
  const count = rows.length;
  useEffect(() => {
    if (active >= count) setActive(Math.max(0, count - 1));
  }, [active, count]);

  const focusRow = useCallback(
    (index: number) => {
      const elements = container.current?.querySelectorAll<HTMLElement>('[data-grid-row]');
      const target = elements?.[index];
      if (!target) return;
      setActive(index);
      target.focus();
      target.scrollIntoView?.({ block: 'nearest' });
    },
    [container],
  );

  const rowProps = useCallback(
    (row: Row, index: number) => ({
      'data-grid-row': '',
      tabIndex: index === active ? 0 : -1,
      'aria-selected': index === active,
      onFocus: (event: { target: EventTarget; currentTarget: EventTarget }) => {
        if (event.target === event.currentTarget) setActive(index);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.target !== event.currentTarget) return;
        let next: number | null = null;
        if (event.key === 'ArrowDown') next = Math.min(count - 1, index + 1);
        else if (event.key === 'ArrowUp') next = Math.max(0, index - 1);
        else if (event.key === 'Home') next = 0;
        else if (event.key === 'End') next = count - 1;
        else if (event.key === 'Enter' && onOpen) {
          event.preventDefault();
          onOpen(row);
          return;
        }
        if (next === null) return;
        event.preventDefault();
        focusRow(next);
      },
      onClick: (event: MouseEvent) => {
        setActive(index);
        if (onOpen && opensRow(event)) onOpen(row);
      },
    }),
    [active, count, focusRow, onOpen],
  );
  return { active, rowProps };
}
