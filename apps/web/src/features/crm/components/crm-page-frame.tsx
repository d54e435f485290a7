import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { CrmMarketRow, MerchandisingBootstrap } from '@granary/domain';
import { Alert, Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { useCrmContext } from '../api/markets';

export type CrmContextData = {
  bootstrap: MerchandisingBootstrap;
  platformId: number;
  markets: CrmMarketRow[];
  adminPermissions: Record<string, 'all' | number[]>;
  isAdmin: boolean;
};

/** A CRM page's error state: the server's message (or the generic one) and a retry. */
export function CrmErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  const message = error instanceof Error && error.message ? error.message : t('crm.loadFailed');
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('crm.retry')}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}

/** An empty state: an icon, a title and a line of help. */
export function CrmEmptyState({ icon, title, body, action }: { icon?: ReactNode; title: ReactNode; body?: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
      <Box sx={{ width: 56, height: 56, mx: 'auto', mb: 2, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'primary.main' }}>
        {icon ?? <StorefrontOutlinedIcon />}
      </Box>
      <Typography variant="h3" component="p">
        {title}
      </Typography>
      {body ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {body}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Paper>
  );
}

/**
 * The frame of every CRM page: the document title, the page heading with its actions, and the CRM context
 * (merchandising bootstrap + the user's markets) loaded first — a spinner while it loads, a clear error with a
 * retry when it fails, an explanation when the user has no market. `children` gets the loaded context.
 */
export function CrmPageFrame({
  title,
  actions,
  maxWidth = 'xl',
  children,
}: {
  title: string;
  actions?: (context: CrmContextData) => ReactNode;
  maxWidth?: 'lg' | 'xl' | false;
  children: (context: CrmContextData) => ReactNode;
}) {
  const partner = usePartner();
  useDocumentTitle([title, partner.branding.shortName]);
  const context = useCrmContext();
  let body: ReactNode;
  if (context.error) body = <CrmErrorState error={context.error} onRetry={context.refetch} />;
  else if (context.noPartnerEntity) body = <CrmEmptyState title={<T id="crm.noPartnerEntity" />} />;
  else if (!context.data) body = <PageSpinner />;
  else if (context.data.markets.length === 0) body = <CrmEmptyState title={<T id="crm.noMarkets.title" />} body={<T id="crm.noMarkets.body" />} />;
  else body = children(context.data as CrmContextData);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, md: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        {context.data && actions ? <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>{actions(context.data as CrmContextData)}</Box> : null}
      </Stack>
      {body}
    </Container>
  );
}
