import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import { isDefaultScope, type AdminLegalEntityRow } from '@granary/domain';
import { Box, Button, InputAdornment, LinearProgress, Paper, TablePagination, TextField } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../../../lib/routing/route-handle';
import { DataGrid } from '../../../../lib/ui/grid/data-grid';
import type { GridColumn } from '../../../../lib/ui/grid/grid-columns';
import { CrmEmptyState, type CrmContextData } from '../../components/crm-page-frame';
import { AdminListFrame, AdminListPage } from '../admin-list-frame';
import { useAdminLegalEntities } from './legal-entities-api';

const PAGE_SIZES = [25, 50, 100];
/** The ingest wizard with the clients record type chosen (the import page reads `recordType`). */
const UPLOAD_PATH = '/crm/ingest?recordType=clients';

function useColumns(context: CrmContextData): GridColumn<AdminLegalEntityRow>[] {
  const t = useT();
  const dates = useDates();
  return useMemo(() => {
    const marketLabel = new Map(context.markets.map((m) => [m.id, m.label]));
    return [
      { id: 'name', label: t('crmAdmin.legalEntities.col.name'), render: (r) => r.name, cellSx: { fontWeight: 600 } },
      { id: 'ext', label: t('crmAdmin.legalEntities.col.extId'), render: (r) => r.extClientId ?? '—' },
      {
        id: 'scope',
        label: t('crmAdmin.legalEntities.col.scope'),
        numeric: true,
        render: (r) =>
          isDefaultScope(r.scopeLegalEntityId)
            ? t('crmAdmin.legalEntities.defaultScope')
            : String(r.scopeLegalEntityId),
      },
      {
        id: 'place',
        label: t('crmAdmin.legalEntities.col.place'),
        render: (r) => [r.city, r.administrativeAreaLevel1].filter(Boolean).join(', ') || '—',
      },
      {
        id: 'markets',
        label: t('crmAdmin.legalEntities.col.markets'),
        render: (r) => r.marketIds.map((id) => marketLabel.get(id) ?? `#${id}`).join(', ') || '—',
        cellSx: { maxWidth: 260, whiteSpace: 'normal' },
      },
      {
        id: 'contacts',
        label: t('crmAdmin.legalEntities.col.contacts'),
        numeric: true,
        render: (r) => String(r.contactsCount),
      },
      {
        id: 'onboarded',
        label: t('crmAdmin.legalEntities.col.onboarded'),
        render: (r) => t(r.onboarded ? 'crmAdmin.legalEntities.yes' : 'crmAdmin.legalEntities.no'),
      },
      { id: 'updated', label: t('crmAdmin.legalEntities.col.updated'), render: (r) => dates.instant(r.updatedAt) },
    ];
  }, [t, dates, context.markets]);
}

function LegalEntitiesBody({ context }: { context: CrmContextData }) {
  const t = useT();
  const localized = useLocalizedPath();
  const columns = useColumns(context);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  // The token of each page reached by "next" (keyset paging); other pages go by their number.
  const [tokens, setTokens] = useState<Record<number, string>>({});
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
      setTokens({});
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  const list = useAdminLegalEntities(context.platformId, {
    search,
    page,
    pageSize,
    paginationToken: tokens[page] ?? null,
  });
  const goTo = (next: number) => {
    const token = list.data?.paginationToken;
    if (next === page + 1 && token) setTokens((m) => ({ ...m, [next]: token }));
    setPage(next);
  };

  return (
    <AdminListFrame
      spacing={2}
      query={list}
      help={<T id="crmAdmin.legalEntities.uploadHelp" />}
      toolbar={
        <>
          <TextField
            size="small"
            value={text}
            onChange={(e) => setText(e.target.value)}
            label={t('crmAdmin.legalEntities.search')}
            placeholder={t('crmAdmin.legalEntities.searchHint')}
            sx={{ flex: 1, maxWidth: { sm: 420 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRoundedIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { type: 'search', maxLength: 100 },
            }}
          />
          <Button
            variant="contained"
            component={Link}
            to={localized(UPLOAD_PATH)}
            startIcon={<UploadFileRoundedIcon />}
            sx={{ whiteSpace: 'nowrap' }}
          >
            <T id="crmAdmin.legalEntities.upload" />
          </Button>
        </>
      }
    >
      {(data) =>
        data.rows.length === 0 ? (
          <CrmEmptyState
            icon={<BusinessOutlinedIcon />}
            title={
              search ? (
                <T id="crmAdmin.legalEntities.empty.searchTitle" values={{ search }} />
              ) : (
                <T id="crmAdmin.legalEntities.empty.title" />
              )
            }
            body={<T id={search ? 'crmAdmin.legalEntities.empty.searchBody' : 'crmAdmin.legalEntities.empty.body'} />}
          />
        ) : (
          <Paper variant="outlined">
            {list.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
            <DataGrid
              label={t('crmAdmin.legalEntities.title')}
              columns={columns}
              rows={data.rows}
              rowKey={(r) => r.id}
              density="comfortable"
            />
            <TablePagination
              component="div"
              count={data.totalCount}
              page={page - 1}
              onPageChange={(_e, p) => goTo(p + 1)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onRowsPerPageChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(1);
                setTokens({});
              }}
              labelRowsPerPage={t('crmAdmin.legalEntities.rowsPerPage')}
            />
          </Paper>
        )
      }
    </AdminListFrame>
  );
}

/** /crm/administrator/legal-entities: the partner's client legal entities, searchable; upload goes to the import. */
export function LegalEntitiesPage() {
  const t = useT();
  return (
    <AdminListPage section="legal-entities" title={t('crmAdmin.legalEntities.title')}>
      {(context) => <LegalEntitiesBody context={context} />}
    </AdminListPage>
  );
}
