import InsertChartOutlinedRoundedIcon from '@mui/icons-material/InsertChartOutlinedRounded';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';

/** Width a chart gets before (or without) a measurement: jsdom has no layout, a first paint has none yet. */
const FALLBACK_WIDTH = 560;

/** The width of a box, followed as it resizes (charts are drawn at an explicit size: no 0-size first render). */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.floor(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A titled chart of the profile, drawn at the width its box has, or its empty state. */
export function ChartCard({
  title,
  subtitle,
  empty,
  height,
  children,
}: {
  title: string;
  subtitle: string;
  empty: string | null;
  height: number;
  children: (width: number) => ReactElement;
}) {
  const { ref, width } = useBoxWidth();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 1.5, sm: 2 }, height: '100%', minWidth: 0 }}
    >
      <Typography variant="h4" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {subtitle}
      </Typography>
      <Box ref={ref} sx={{ width: '100%', minHeight: height, overflow: 'hidden' }}>
        {empty ? (
          <Stack
            spacing={1}
            sx={{
              height,
              alignItems: 'center',
              justifyContent: 'center',
              color: 'text.secondary',
              textAlign: 'center',
              px: 2,
            }}
          >
            <InsertChartOutlinedRoundedIcon sx={{ fontSize: 36, opacity: 0.5 }} />
            <Typography variant="body2">{empty}</Typography>
          </Stack>
        ) : (
          <Box role="img" aria-label={title} sx={{ '& .recharts-legend-item-text': { color: 'text.primary' } }}>
            {children(width)}
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/** A chart tooltip: a title, then a line per series with its colour, label and value. */
export function TooltipBox({
  title,
  lines,
}: {
  title: ReactNode;
  lines: { key: string; color: string; label: string; value: string }[];
}) {
  return (
    <Paper elevation={3} sx={{ px: 1.5, py: 1, minWidth: 160 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {lines.map((line) => (
        <Stack
          key={line.key}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: line.color }} />
            <Typography variant="body2" color="text.secondary">
              {line.label}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {line.value}
          </Typography>
        </Stack>
      ))}
    </Paper>
  );
}
