import { viewsForTab, type ContractView, type ListTab } from '@granary/domain';
import { Box, Chip, Tab, Tabs } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { MessageId } from '../../../../lib/i18n/messages';
import { useT } from '../../../../lib/i18n/t';

export function viewMessageId(view: ContractView, tab: ListTab): MessageId {
  return view === 'default' && tab === 'deliveries' ? 'crm.lists.view.defaultDeliveries' : `crm.lists.view.${view}`;
}

/** The list tabs the market allows (contracts, deliveries, contract documents). */
export function ListTabs({ tabs, tab, onSelect }: { tabs: readonly ListTab[]; tab: ListTab; onSelect: (tab: ListTab) => void }) {
  const t = useT();
  return (
    <Tabs
      value={tabs.includes(tab) ? tab : false}
      onChange={(_, value: ListTab) => onSelect(value)}
      aria-label={t('crm.lists.tabs.label')}
      variant="scrollable"
      scrollButtons={false}
      sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, textTransform: 'none', fontWeight: 600, px: 2 } }}
    >
      {tabs.map((value) => (
        <Tab key={value} value={value} label={t(`crm.lists.tab.${value}`)} />
      ))}
    </Tabs>
  );
}

/** The views of the tab (its predefined filters) as a row of toggles. */
export function ViewPicker({ tab, view, onSelect }: { tab: ListTab; view: ContractView; onSelect: (view: ContractView) => void }) {
  const t = useT();
  const groupRef = useRef<HTMLDivElement | null>(null);
  // On a phone the row scrolls sideways: keep the selected view in sight.
  useEffect(() => {
    const group = groupRef.current;
    const chip = group?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!group || !chip || group.scrollWidth <= group.clientWidth) return;
    group.scrollLeft = chip.offsetLeft - group.offsetLeft - (group.clientWidth - chip.offsetWidth) / 2;
  }, [view, tab]);
  return (
    <Box
      ref={groupRef}
      role="group"
      aria-label={t('crm.lists.views.label')}
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 0.5, scrollbarWidth: 'thin', flexWrap: { xs: 'nowrap', md: 'wrap' } }}
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
