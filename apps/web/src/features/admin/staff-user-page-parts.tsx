import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { isApiError } from '../../lib/api/api-error';

// Pieces of the staff user page shared by its sections (the page and its permission cards).

/** A section of the page: a titled outlined card. */
export function Section({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography variant="h6" component="h2" id={titleId}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * A refused save in the spec's words (platform.md 8.4: 'User could not be saved', 'Permissions could not be saved'),
 * then the server's reason ('… : Only an active account can be suspended.'). The server's own 8.4 answers ('User
 * email or phone number already taken', 'The mobile phone number is invalid') show as they are.
 */
export function failureText(headline: string, error: unknown): string {
  if (isApiError(error) && (error.code === 'user_taken' || error.code === 'phone_invalid')) return error.message;
  return error instanceof Error && error.message ? `${headline}: ${error.message}` : headline;
}
