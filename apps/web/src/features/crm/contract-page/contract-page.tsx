import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import {
  CONTRACT_TYPE_LABELS,
  PRICE_STATUS_LABELS,
  type ContractOperation,
  type ContractPageData,
} from '@granary/domain';
import { Box, Button, Chip, GlobalStyles, Link, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState, CrmPageFrame } from '../components/crm-page-frame';
import { OperationDialog } from '../contract/operation-dialog';
import {
  contractPdfUrl,
  useContractPage,
  useContractPaymentRequests,
  useContractSettlements,
  useSigningStatus,
} from './contract-page-api';
import {
  AmendmentsSection,
  DeliveriesSection,
  HistorySection,
  MoneySection,
  PageSection,
  PricingSection,
  TermsSection,
} from './contract-page-sections';
import { ContractSigningPanel } from './contract-signing-panel';

/** The order the operations show in the Actions menu (the drawer's order). */
const OPERATION_ORDER: readonly ContractOperation[] = [
  'note',
  'partial_cancel',
  'futures_roll',
  'basis_roll',
  'roll',
  'cancel',
];

/** Nothing but the page's content on paper: no app bar, navigation, buttons or menus; links as text. */
const PRINT_STYLES = {
  '@media print': {
    '.no-print, header, nav, .MuiAppBar-root, .MuiDrawer-root, .MuiFab-root, .MuiSnackbar-root': {
      display: 'none !important',
    },
    body: { background: '#fff' },
    'main a': { color: 'inherit !important', textDecoration: 'none !important' },
  },
} as const;

/** The heading's actions: Print, Download PDF and the operations the contract's state allows. */
function PageActions({ data }: { data: ContractPageData }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [operation, setOperation] = useState<ContractOperation | null>(null);
  const operations = OPERATION_ORDER.filter((op) => data.allowedOperations.includes(op));
  return (
    <Stack direction="row" spacing={1} useFlexGap className="no-print" sx={{ flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
        {t('contractPage.print')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<DownloadOutlinedIcon />}
        href={contractPdfUrl(data.contract.id)}
        target="_blank"
        rel="noopener"
      >
        {t('contractPage.downloadPdf')}
      </Button>
      <Button
        variant="contained"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'contract-actions-menu' : undefined}
        disabled={operations.length === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('contractPage.actions')}
      </Button>
      <Menu
        id="contract-actions-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('contractPage.actionsMenu') } }}
      >
        {operations.map((op) => (
          <MenuItem
            key={op}
            onClick={() => {
              setAnchor(null);
              setOperation(op);
            }}
            sx={op === 'cancel' ? { color: 'error.main' } : undefined}
          >
            {t(`crm.contract.op.${op}` as MessageId)}
          </MenuItem>
        ))}
      </Menu>
      {operation ? <OperationDialog detail={data} operation={operation} onClose={() => setOperation(null)} /> : null}
    </Stack>
  );
}

/** Client (a link to its profile), crop, location and the status chips. */
function ContractHeader({ data }: { data: ContractPageData }) {
  const t = useT();
  const localized = useLocalizedPath();
  const row = data.contract;
  const mismatch = Boolean(data.signedTermsHash && data.termsHash !== data.signedTermsHash);
  return (
    <Stack spacing={1} sx={{ mb: 2.5 }}>
      <Typography color="text.secondary">
        {t('contractPage.client')}:{' '}
        <Link
          component={RouterLink}
          to={localized(`/crm/client/${row.clientId}?market_id=${row.marketId}`)}
          sx={{ fontWeight: 600 }}
        >
          {row.client}
        </Link>
        {' · '}
        {t('contractPage.subtitle', { crop: row.commodity, cropYear: row.cropYear, market: data.terms.marketName })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {row.contractType ? <Chip size="small" label={CONTRACT_TYPE_LABELS[row.contractType]} /> : null}
        <Chip
          size="small"
          variant="outlined"
          label={t(data.direction === 'sale' ? 'contractPage.sale' : 'contractPage.purchase')}
        />
        {row.contractStatus ? (
          <Chip
            size="small"
            variant="outlined"
            color={row.contractStatus === 'open' ? 'primary' : 'default'}
            label={t(`crm.lists.status.${row.contractStatus}`)}
          />
        ) : null}
        {row.priceStatus ? <Chip size="small" variant="outlined" label={PRICE_STATUS_LABELS[row.priceStatus]} /> : null}
        {mismatch ? (
          <Chip size="small" color="warning" label={t('crm.contract.signatureMismatch')} />
        ) : row.signed ? (
          <Chip size="small" color="success" label={t('crm.contract.signed')} />
        ) : row.eSignSent ? (
          <Chip size="small" color="info" variant="outlined" label={t('esign.chip.sent')} />
        ) : null}
      </Stack>
    </Stack>
  );
}

function ContractPageBody({ data }: { data: ContractPageData }) {
  const t = useT();
  const row = data.contract;
  const eligible = row.eSignEligible === true;
  const status = useSigningStatus(row.id, eligible).data;
  const settlements = useContractSettlements(row.id).data ?? [];
  const payments = useContractPaymentRequests(row.id).data ?? [];
  return (
    <Box>
      <GlobalStyles styles={PRINT_STYLES} />
      <ContractHeader data={data} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
          '@media print': { display: 'block', '& > * + *': { mt: 2 } },
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <TermsSection data={data} />
          <PricingSection data={data} />
          <AmendmentsSection data={data} status={status} />
          <DeliveriesSection data={data} />
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <PageSection id="documents" title={t('contractPage.documents')}>
            <ContractSigningPanel contractId={row.id} clientName={row.client} eligible={eligible} />
          </PageSection>
          <MoneySection settlements={settlements} payments={payments} />
          <HistorySection data={data} />
        </Stack>
      </Box>
    </Box>
  );
}

/**
 * The contract page (/crm/contracts/:contractId, issue 14, decision 042): the header with the client, type, direction
 * and status, the actions (print, the PDF, the operations of the drawer), and the terms, pricing, amendments,
 * deliveries, documents and signatures, settlements and payments, and the history in words.
 */
export function ContractPage() {
  const t = useT();
  const { contractId: param } = useParams();
  const contractId = Number(param);
  const query = useContractPage(Number.isSafeInteger(contractId) && contractId > 0 ? contractId : 0);
  const number = query.data?.contract.displayContractId;
  return (
    <CrmPageFrame
      title={number ? t('contractPage.title', { number }) : t('contractPage.titleLoading')}
      actions={() => (query.data ? <PageActions data={query.data} /> : null)}
    >
      {() =>
        query.error ? (
          <CrmErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data ? (
          <ContractPageBody data={query.data} />
        ) : (
          <PageSpinner />
        )
      }
    </CrmPageFrame>
  );
}
