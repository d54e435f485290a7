/**
 * Text for screen readers only: a column heading read but not shown (a checkbox or an actions column). Plain CSS with
 * units, so it works as `style` or `sx` (sx would read a bare width 1 as 100%). The web's one helper for it.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
