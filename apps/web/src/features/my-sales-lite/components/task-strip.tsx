import { FARMER_TASKS, type FarmerTaskList } from '@granary/domain';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import { Chip, Stack } from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';

const ICONS = {
  signature_needed: <EditNoteOutlinedIcon />,
  pricing_needed: <RequestQuoteOutlinedIcon />,
  delivery_needed: <LocalShippingOutlinedIcon />,
} as const;

/**
 * What the farmer has to do (the task-list call): contracts to sign, to price, deliveries due. Hidden when there is
 * nothing. The contracts to sign are one tap away: the chip opens the first of them.
 */
export function TaskStrip({ tasks, onOpen }: { tasks: FarmerTaskList; onOpen: (contractId: number) => void }) {
  const t = useT();
  const shown = FARMER_TASKS.filter((task) => tasks.counts[task] > 0);
  if (shown.length === 0) return null;
  return (
    <Stack
      component="section"
      aria-label={t('msl.tasks.label')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 2, alignItems: 'center' }}
    >
      <AssignmentOutlinedIcon fontSize="small" color="action" aria-hidden />
      {shown.map((task) => {
        const first = task === 'signature_needed' ? tasks.items.find((i) => i.task === task) : undefined;
        const label = <T id={`msl.tasks.${task}`} values={{ count: tasks.counts[task] }} />;
        return first ? (
          <Chip key={task} color="warning" icon={ICONS[task]} label={label} onClick={() => onOpen(first.contract.id)} />
        ) : (
          <Chip key={task} variant="outlined" icon={ICONS[task]} label={label} />
        );
      })}
    </Stack>
  );
}
