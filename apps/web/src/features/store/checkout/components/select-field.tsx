import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';

type SelectOption = { value: string | number; label: string; disabled?: boolean };

/** A small select of the checkout: a labelled TextField whose menu lists `options`. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  fullWidth,
  sx,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      fullWidth={fullWidth}
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
