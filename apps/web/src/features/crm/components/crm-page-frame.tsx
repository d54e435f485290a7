import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { CrmMarketRow, MerchandisingBootstrap } from '@granary/domain';
import { Box, Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { EmptyState, LoadErrorAlert } from '../../../lib/ui/page-states';
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
  return <LoadErrorAlert error={error} fallback={t('crm.loadFailed')} retryLabel={t('crm.retry')} onRetry={onRetry} />;
}

/** An empty state: an icon, a title and a line of help. */
export function CrmEmptyState({
  icon,
  title,
  body,
  action,
}: {
  icon?: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
}) {
  return <EmptyState icon={icon ?? <StorefrontOutlinedIcon />} title={title} body={body} action={action} />;
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
  else if (context.data.markets.length === 0)
    body = <CrmEmptyState title={<T id="crm.noMarkets.title" />} body={<T id="crm.noMarkets.body" />} />;
  else body = children(context.data as CrmContextData);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, md: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        {context.data && actions ? (
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>{actions(context.data as CrmContextData)}</Box>
        ) : null}
      </Stack>
      {body}
    </Container>
  );
}
