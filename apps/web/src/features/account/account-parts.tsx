import { AREA_UNITS, formatNumber, normalizeNumberInput, type AreaUnit } from '@granary/domain';
import { Box, CircularProgress, MenuItem, TextField, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { z } from 'zod';
import type { MessageId } from '../../lib/i18n/messages';
import { useT } from '../../lib/i18n/t';
import { LoadErrorAlert } from '../../lib/ui/page-states';
import { showToast } from '../../lib/toast/toast-store';

/** '2,480 ac' / '1,200 ha' (the area of a profile, with the domain's number formatter). */
export function useAreaText(): (area: number, units: 'acres' | 'hectares') => string {
  const t = useT();
  return (area, units) => t('account.area', { area: formatNumber(area, { maxFractionDigits: 2 }), units });
}

/** 'IA, United States' — the state when known, the country's name. */
export function useLocationText(): (country: string, state: string | null) => string {
  const t = useT();
  return (country, state) => {
    const countryName = ['USA', 'CAN', 'AUS'].includes(country)
      ? t(`account.country.${country as 'USA' | 'CAN' | 'AUS'}`)
      : t('account.country.unknown');
    return state ? t('account.location', { state, country: countryName }) : countryName;
  };
}

export function roleMessageId(role: 'owner' | 'subaccount' | 'professional') {
  return `account.role.${role}` as const;
}

/** A section's loading and failure states; children once the data is in. */
export function Loaded({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  children: () => ReactNode;
}) {
  const t = useT();
  if (query.error) {
    return (
      <LoadErrorAlert
        error={query.error}
        fallback={t('account.loadFailed')}
        retryLabel={t('account.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('shell.loading')} />
      </Box>
    );
  }
  return <>{children()}</>;
}

/** A label over its value, as the profile's read-only facts are shown. */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A typed number of a form ('2,480', '1200.5'): normalised as number fields are (platform.md 5.7), then checked to
 * lie in [min, max]; empty gives `empty` (null: required). The message is a catalogue id.
 */
export function numberField(
  message: MessageId,
  { min, max, empty }: { min: number; max: number; empty: number | null },
) {
  return z.string().transform((typed, ctx) => {
    const text = normalizeNumberInput(typed);
    const value = text === '' ? empty : Number(text);
    if (value === null || !Number.isFinite(value) || value < min || value > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });
}

/** A refused or failed write: the server's message when it gave one, else the generic line. */
export function toastFailure(error: unknown): void {
  showToast(error instanceof Error && error.message ? { text: error.message } : { messageId: 'account.loadFailed' }, {
    severity: 'error',
  });
}

/** Acres or hectares (a controlled select; the forms bind it with a Controller). */
export function AreaUnitsSelect({
  value,
  onChange,
  disabled,
  sx,
}: {
  value: AreaUnit;
  onChange: (value: AreaUnit) => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}) {
  const t = useT();
  return (
    <TextField
      select
      label={t('profile.enterprise.units')}
      value={value}
      onChange={(event) => onChange(event.target.value as AreaUnit)}
      disabled={disabled}
      sx={sx}
    >
      {AREA_UNITS.map((u) => (
        <MenuItem key={u} value={u}>
          {t(`profile.enterprise.units.${u}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
