import { useEffect, useRef } from 'react';

/**
 * Keeps the selected tab of a scrollable tab bar (MUI Tabs, `variant="scrollable"`, `scrollButtons={false}`) wholly in
 * view on a phone: on mount, when the selection changes and once the web font has loaded (the labels widen, the tabs
 * move). MUI scrolls it on its own when the indicator moves; this covers the first paint of a deep link such as
 * …/agronomics or /profit-center/sustainability (decision 050 addendum). Put the returned ref on the Tabs.
 */
export function useSelectedTabInView(selected: string | undefined, shown = true) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown) return undefined;
    let live = true;
    const reveal = () => {
      const tab = ref.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      const scroller = tab?.parentElement?.parentElement;
      if (!live || !tab || !scroller) return;
      const tabBox = tab.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      if (tabBox.left < box.left) scroller.scrollLeft -= box.left - tabBox.left;
      else if (tabBox.right > box.right) scroller.scrollLeft += tabBox.right - box.right;
    };
    reveal();
    void document.fonts?.ready.then(reveal);
    return () => {
      live = false;
    };
  }, [selected, shown]);
  return ref;
}
