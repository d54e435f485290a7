import { viewsForTab, type ContractView, type ListTab } from '@granary/domain';
import { Box, ButtonBase, Chip } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { MessageId } from '../../../../lib/i18n/messages';
import { useT } from '../../../../lib/i18n/t';

export function viewMessageId(view: ContractView, tab: ListTab): MessageId {
  return view === 'default' && tab === 'deliveries' ? 'crm.lists.view.defaultDeliveries' : `crm.lists.view.${view}`;
}

/**
 * The list tabs the market allows (contracts, deliveries, contract documents): a tablist whose indicator is CSS.
 * MUI's Tabs measure their indicator (and scroll size) during the first render, which forced a layout of the whole
 * 100-row grid before it was finished (~100 ms of the first load).
 */
export function ListTabs({
  tabs,
  tab,
  onSelect,
}: {
  tabs: readonly ListTab[];
  tab: ListTab;
  onSelect: (tab: ListTab) => void;
}) {
  const t = useT();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    refs.current[next]?.focus();
    const value = tabs[next];
    if (value) onSelect(value);
  };
  return (
    <Box
      role="tablist"
      aria-label={t('crm.lists.tabs.label')}
      sx={{ display: 'flex', overflowX: 'auto', scrollbarWidth: 'none', minHeight: 40 }}
    >
      {tabs.map((value, index) => {
        const selected = value === tab;
        return (
          <ButtonBase
            key={value}
            ref={(node: HTMLButtonElement | null) => {
              refs.current[index] = node;
            }}
            role="tab"
            aria-selected={selected}
            tabIndex={selected || (!tabs.includes(tab) && index === 0) ? 0 : -1}
            onClick={() => onSelect(value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index + 1);
              else if (event.key === 'ArrowLeft') move(index - 1);
            }}
            sx={{
              px: 2,
              minHeight: 40,
              flexShrink: 0,
              fontSize: 14,
              fontWeight: 600,
              color: selected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              transition: 'color 150ms, border-color 150ms',
              '&:hover': { color: 'primary.main' },
              '&.Mui-focusVisible': { bgcolor: 'action.focus' },
            }}
          >
            {t(`crm.lists.tab.${value}`)}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

/** The views of the tab (its predefined filters) as a row of toggles. */
export function ViewPicker({
  tab,
  view,
  onSelect,
}: {
  tab: ListTab;
  view: ContractView;
  onSelect: (view: ContractView) => void;
}) {
  const t = useT();
  const groupRef = useRef<HTMLDivElement | null>(null);
  // On a phone the row scrolls sideways: keep the selected view in sight.
  useEffect(() => {
    // Only narrow screens scroll the row; reading its size elsewhere forced a layout of the whole grid mid-render.
    if (typeof window.matchMedia === 'function' && !window.matchMedia('(max-width: 839.95px)').matches) return;
    const group = groupRef.current;
    const chip = group?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!group || !chip) return;
    const frame = requestAnimationFrame(() => {
      if (group.scrollWidth <= group.clientWidth) return;
      const row = group.getBoundingClientRect();
      const box = chip.getBoundingClientRect();
      group.scrollLeft += box.left - row.left - (row.width - box.width) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [view, tab]);
  return (
    <Box
      ref={groupRef}
      role="group"
      aria-label={t('crm.lists.views.label')}
      sx={{
        display: 'flex',
        gap: 1,
        overflowX: 'auto',
        pb: 0.5,
        scrollbarWidth: 'thin',
        flexWrap: { xs: 'nowrap', md: 'wrap' },
      }}
    >
      {viewsForTab(tab).map((candidate) => {
        const selected = candidate === view;
        return (
          <Chip
            key={candidate}
            component="button"
            clickable
            aria-pressed={selected}
            onClick={() => onSelect(candidate)}
            label={t(viewMessageId(candidate, tab))}
            color={selected ? 'primary' : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            sx={{ fontWeight: selected ? 600 : 500, flexShrink: 0 }}
          />
        );
      })}
    </Box>
  );
}
