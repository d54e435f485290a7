import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

// The small pieces an order's page is written with: an address, a contact, a labelled value and a totals row.

/** An address's lines (name, street, city line), the empty ones left out; none for no address. */
export function addressLinesOf(value: Record<string, unknown> | null): string[] {
  if (!value) return [];
  const s = (k: string) => (typeof value[k] === 'string' ? (value[k] as string).trim() : '');
  return [
    s('name'),
    s('line1'),
    s('line2'),
    [s('city'), [s('region'), s('postalCode')].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ].filter(Boolean);
}

/** A contact's lines (name; phone and e-mail), the empty ones left out; none for no contact. */
export function contactLinesOf(value: Record<string, unknown> | null): string[] {
  if (!value) return [];
  const s = (k: string) => (typeof value[k] === 'string' ? (value[k] as string).trim() : '');
  return [
    [s('firstName'), s('lastName')].filter(Boolean).join(' '),
    [s('phoneNumber'), s('email')].filter(Boolean).join(' · '),
  ].filter(Boolean);
}

export function AddressLines({ value }: { value: Record<string, unknown> | null }) {
  const lines = addressLinesOf(value);
  return (
    <>
      {lines.map((l) => (
        <Typography key={l} variant="body2">
          {l}
        </Typography>
      ))}
    </>
  );
}

export function ContactLines({ value }: { value: Record<string, unknown> | null }) {
  return (
    <>
      {contactLinesOf(value).map((l) => (
        <Typography key={l} variant="body2">
          {l}
        </Typography>
      ))}
    </>
  );
}

export function Labeled({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 180 }}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.4 }}
      >
        {label}
      </Typography>
      {children}
    </Box>
  );
}

export function SummaryRow({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.4 }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 800 : 400 }}>
        {label}
      </Typography>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ fontWeight: strong ? 800 : 500, whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Stack>
  );
}
