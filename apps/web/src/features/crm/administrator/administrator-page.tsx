import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  CROP_IDS,
  ROUNDING_MODES,
  cropById,
  type CrmMarketRow,
  type QuoteImportResult,
  type QuoteImportRowError,
  type RoundingMode,
} from '@granary/domain';
import { useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { showToast } from '../../../lib/toast/toast-store';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { useImportQuotes, useRoundingModes, useSetRoundingMode } from '../futures/api/futures-api';
import { QuoteBoard } from '../futures/quote-board';
import { LegalTextsSection } from './legal-texts-section';
import { ContractSigningSettingsForm } from '../contract-page/contract-signing-settings';
import { PriceNotationForm } from './price-notation-section';
import { AdminSectionGate, AdminTabs } from './admin-tabs';
import { SettlementRatesSection } from './settlement-rates-section';

const EXAMPLE = 'ZCZ26,4.3525,4.3300,4.3650,4.3200,4.3300,2026-11-23,,4.3525';

function SectionCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: 760 }}>
        {subtitle}
      </Typography>
      {children}
    </Paper>
  );
}

/** The rows of a refused import, each with what is wrong. */
function RowErrors({ rows }: { rows: QuoteImportRowError[] }) {
  const t = useT();
  return (
    <Box sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, mt: 1.5 }}>
      <Table size="small" stickyHeader aria-label={t('futures.import.failed')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>{t('futures.import.row')}</TableCell>
            <TableCell>{t('futures.import.reasons')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.row}>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{r.row}</TableCell>
              <TableCell>{r.reasons.join('; ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function rowErrorsOf(error: unknown): QuoteImportRowError[] | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const details = error.details as { rows?: unknown } | undefined;
  return Array.isArray(details?.rows) ? (details.rows as QuoteImportRowError[]) : null;
}

/** Super admins: upload a CSV of quotes; a refused file lists its bad rows. */
function QuotesImportSection() {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string; rows: number } | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const [result, setResult] = useState<QuoteImportResult | null>(null);
  const importQuotes = useImportQuotes();
  const rowErrors = rowErrorsOf(importQuotes.error);

  const choose = async (chosen: File | undefined) => {
    setResult(null);
    importQuotes.reset();
    setReadFailed(false);
    if (!chosen) return;
    try {
      const text = await chosen.text();
      setFile({ name: chosen.name, text, rows: text.split(/\r?\n/).filter((line) => line.trim() !== '').length });
    } catch {
      setFile(null);
      setReadFailed(true);
    }
  };

  return (
    <SectionCard title={t('futures.import.title')} subtitle={t('futures.import.subtitle')}>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ mb: 2, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
      >
        {t('futures.import.example', { example: EXAMPLE })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="quotes-file"
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} onClick={() => input.current?.click()}>
          {t('futures.import.choose')}
        </Button>
        {file ? (
          <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {t('futures.import.chosen', { name: file.name, rows: file.rows })}
          </Typography>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          disabled={!file || importQuotes.isPending}
          onClick={() => {
            if (!file) return;
            importQuotes.mutate(file.text, { onSuccess: (done) => setResult(done) });
          }}
        >
          {t(importQuotes.isPending ? 'futures.import.uploading' : 'futures.import.upload')}
        </Button>
      </Stack>
      {readFailed ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('futures.import.readFailed')}
        </Alert>
      ) : null}
      {result ? (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {t('futures.import.done', {
            imported: result.imported,
            created: result.created.length,
            settlements: result.settlements,
          })}
        </Alert>
      ) : null}
      {importQuotes.error ? (
        rowErrors ? (
          <Box sx={{ mt: 2 }}>
            <Alert severity="error" role="alert">
              {t('futures.import.failed')}
            </Alert>
            <RowErrors rows={rowErrors} />
          </Box>
        ) : (
          <Box sx={{ mt: 2 }}>
            <CrmErrorState error={importQuotes.error} />
          </Box>
        )
      ) : null}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('futures.import.current')}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {[CROP_IDS.corn, CROP_IDS.soybeans, CROP_IDS.wheat].map((cropId) => (
          <QuoteBoard key={cropId} cropId={cropId} maxRows={4} />
        ))}
      </Box>
    </SectionCard>
  );
}

const MODE_LABELS: Record<RoundingMode, MessageId> = {
  nearest_cent: 'futures.rounding.mode.nearest_cent',
  down_cent: 'futures.rounding.mode.down_cent',
  up_cent: 'futures.rounding.mode.up_cent',
  nearest_half_cent: 'futures.rounding.mode.nearest_half_cent',
  nearest_quarter_cent: 'futures.rounding.mode.nearest_quarter_cent',
  none: 'futures.rounding.mode.none',
};

/** A market's rounding of cash prices per crop; changed with the bids permission at the market. */
function RoundingModesSection({ platformId, market }: { platformId: number; market: CrmMarketRow }) {
  const t = useT();
  const modes = useRoundingModes(platformId, market.id);
  const setMode = useSetRoundingMode(platformId, market.id);
  const canEdit = market.userPermissions.includes('instruments');
  let body: ReactNode;
  if (modes.error) body = <CrmErrorState error={modes.error} onRetry={() => void modes.refetch()} />;
  else if (!modes.data) body = <PageSpinner />;
  else {
    body = (
      <>
        {!canEdit ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('futures.rounding.readOnly')}
          </Alert>
        ) : null}
        <Table
          size="small"
          aria-label={t('futures.rounding.title')}
          sx={{ maxWidth: 640, '& td, & th': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('futures.rounding.crop')}</TableCell>
              <TableCell>{t('futures.rounding.mode')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {modes.data.modes.map((row) => {
              const crop = cropById(row.cropId)?.displayName ?? String(row.cropId);
              return (
                <TableRow key={row.cropId}>
                  <TableCell sx={{ fontWeight: 600 }}>{crop}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                      <TextField
                        select
                        size="small"
                        value={row.roundingMode}
                        disabled={!canEdit || setMode.isPending}
                        sx={{ width: { xs: 180, sm: 220 } }}
                        slotProps={{ htmlInput: { 'aria-label': t('futures.rounding.modeOf', { crop }) } }}
                        onChange={(event) =>
                          setMode.mutate(
                            { cropId: row.cropId, mode: event.target.value as RoundingMode },
                            {
                              onSuccess: () =>
                                showToast({ messageId: 'futures.rounding.saved' }, { severity: 'success' }),
                              onError: () =>
                                showToast({ messageId: 'futures.rounding.saveFailed' }, { severity: 'error' }),
                            },
                          )
                        }
                      >
                        {ROUNDING_MODES.map((mode) => (
                          <MenuItem key={mode} value={mode}>
                            {t(MODE_LABELS[mode])}
                          </MenuItem>
                        ))}
                      </TextField>
                      {row.isDefault ? (
                        <Chip size="small" variant="outlined" label={t('futures.rounding.default')} />
                      ) : null}
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </>
    );
  }
  return (
    <SectionCard title={t('futures.rounding.title')} subtitle={t('futures.rounding.subtitle')}>
      {body}
    </SectionCard>
  );
}

const anyPermission = (market: CrmMarketRow) => market.userPermissions.length > 0;

function MarketPicker({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useSelectedMarket(context.markets, anyPermission);
  if (!context.isAdmin || markets.length === 0) return null;
  return <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />;
}

function AdministratorBody({ context, superAdmin }: { context: CrmContextData; superAdmin: boolean }) {
  const t = useT();
  const { market } = useSelectedMarket(context.markets, anyPermission);
  const rounding = context.isAdmin && market !== null;
  return (
    <Stack spacing={2.5}>
      <AdminTabs />
      {context.isAdmin ? (
        <SectionCard title={t('crm.administrator.notation.title')} subtitle={t('crm.administrator.notation.subtitle')}>
          <PriceNotationForm />
        </SectionCard>
      ) : null}
      {context.isAdmin ? (
        <SectionCard title={t('contractPage.settings.title')} subtitle={t('contractPage.settings.subtitle')}>
          <ContractSigningSettingsForm />
        </SectionCard>
      ) : null}
      {context.isAdmin ? <SettlementRatesSection markets={context.markets} /> : null}
      {superAdmin ? <QuotesImportSection /> : null}
      {rounding ? <RoundingModesSection key={market.id} platformId={context.platformId} market={market} /> : null}
      <LegalTextsSection />
    </Stack>
  );
}

/**
 * /crm/administrator: the partner's price notation (CRM admins), the futures quotes import (super admins) and the
 * markets' cash price rounding (buyer admins).
 */
export function AdministratorPage() {
  const t = useT();
  const bootstrap = useBootstrap();
  const superAdmin = bootstrap.data?.user.admin.is_super_admin === true;
  return (
    <AdminSectionGate section="settings">
      <CrmPageFrame
        title={t('crm.administrator.title')}
        maxWidth="lg"
        actions={(context) => <MarketPicker context={context} />}
      >
        {(context) => <AdministratorBody context={context} superAdmin={superAdmin} />}
      </CrmPageFrame>
    </AdminSectionGate>
  );
}
