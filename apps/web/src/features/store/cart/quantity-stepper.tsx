import AddRoundedIcon from '@mui/icons-material/AddRounded';
import RemoveRoundedIcon from '@mui/icons-material/RemoveRounded';
import { Box, IconButton, InputBase } from '@mui/material';
import { useEffect, useState } from 'react';
import { CART_QUANTITY_MAX, normalizeNumberInput } from '@granary/domain';

const QUANTITY_INPUT_OPTIONS = {
  min: 1,
  max: CART_QUANTITY_MAX,
  maxDigits: 4,
  collapseLeadingZeros: true,
} as const;

/**
 * A typed quantity as platform.md 5.7 commits it (on blur or Enter): clamped to 1–9,999, at most 4 digits, leading
 * zeroes collapsed, a trailing point dropped; '' stays empty and non-numeric text is left as typed — both then
 * invalid (null), as is a fraction: packs are whole.
 */
function commitQuantity(raw: string): { text: string; value: number | null } {
  const text = normalizeNumberInput(raw, QUANTITY_INPUT_OPTIONS);
  const value = /^\d+$/.test(text) ? Number(text) : null;
  return { text, value };
}

/**
 * − [n] + : a whole number of packs. Typing commits on blur or Enter; a touched field shows a red border while
 * invalid and a green one once valid (5.7).
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  decreaseLabel,
  increaseLabel,
  invalidText,
  size = 'medium',
}: {
  value: number;
  onChange: (value: number) => void;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  invalidText: string;
  size?: 'small' | 'medium';
}) {
  const [text, setText] = useState(String(value));
  const [touched, setTouched] = useState(false);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(String(value));
    setInvalid(false);
  }, [value]);
  const commit = () => {
    const { text: next, value: n } = commitQuantity(text);
    setText(next);
    setTouched(true);
    setInvalid(n === null);
    if (n !== null && n !== value) onChange(n);
  };
  const step = (delta: number) => {
    const n = Math.min(CART_QUANTITY_MAX, Math.max(1, value + delta));
    setTouched(false);
    if (n !== value) onChange(n);
  };
  const h = size === 'small' ? 32 : 40;
  const border = invalid ? 'error.main' : touched ? 'success.main' : 'divider';
  return (
    <Box>
      <Box
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          border: 1,
          borderColor: border,
          borderRadius: 1,
          height: h,
          bgcolor: 'background.paper',
        }}
      >
        <IconButton
          size="small"
          aria-label={decreaseLabel}
          onClick={() => step(-1)}
          disabled={value <= 1}
          sx={{ borderRadius: 0, height: h - 2, width: h - 2 }}
        >
          <RemoveRoundedIcon fontSize="small" />
        </IconButton>
        <InputBase
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
          inputProps={{
            'aria-label': label,
            inputMode: 'numeric',
            'aria-invalid': invalid || undefined,
            style: { textAlign: 'center', padding: 0, width: size === 'small' ? 40 : 52, fontWeight: 600 },
          }}
        />
        <IconButton
          size="small"
          aria-label={increaseLabel}
          onClick={() => step(1)}
          disabled={value >= CART_QUANTITY_MAX}
          sx={{ borderRadius: 0, height: h - 2, width: h - 2 }}
        >
          <AddRoundedIcon fontSize="small" />
        </IconButton>
      </Box>
      {invalid ? (
        <Box role="alert" sx={{ color: 'error.main', fontSize: 12, mt: 0.5 }}>
          {invalidText}
        </Box>
      ) : null}
    </Box>
  );
}
