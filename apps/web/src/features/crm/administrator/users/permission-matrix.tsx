import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  ADMIN_PERMISSIONS,
  MARKET_PERMISSIONS,
  marketLabel,
  type AdminPermission,
  type MarketPermission,
  type PermissionMatrixMarket,
  type UserPermissions,
} from '@granary/domain';
import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { useT } from '../../../../lib/i18n/t';
import { showToast } from '../../../../lib/toast/toast-store';
import { fetchUserPermissions, useAdminUsers, usePutPermissions } from './admin-users-api';
import { fullName } from './user-names';

/** The matrix being edited: per market id, the permissions ticked; the admin permissions switched on. */
type Draft = { markets: Record<number, MarketPermission[]>; admin: AdminPermission[] };

function draftOf(matrix: Pick<UserPermissions, 'markets' | 'adminPermissions'>, marketIds: readonly number[]): Draft {
  const byId = new Map(matrix.markets.map((m) => [m.marketId, m.permissions]));
  return {
    markets: Object.fromEntries(marketIds.map((id) => [id, [...(byId.get(id) ?? [])]])),
    admin: [...matrix.adminPermissions],
  };
}

function sameDraft(a: Draft, b: Draft): boolean {
  const key = (d: Draft) =>
    JSON.stringify([
      Object.entries(d.markets)
        .map(([id, ps]) => [id, MARKET_PERMISSIONS.filter((p) => ps.includes(p))])
        .sort(),
      ADMIN_PERMISSIONS.filter((p) => d.admin.includes(p)),
    ]);
  return key(a) === key(b);
}

function withPermission(list: readonly MarketPermission[], p: MarketPermission, on: boolean): MarketPermission[] {
  const set = new Set(list);
  if (on) set.add(p);
  else set.delete(p);
  return MARKET_PERMISSIONS.filter((x) => set.has(x));
}

const stickyCell = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
  minWidth: { xs: 128, sm: 200 },
  maxWidth: { xs: 150, sm: 260 },
} as const;

/** "Copy from user…": picks another user of the partner; their matrix replaces the draft (not saved yet). */
function CopyFromUserDialog({
  open,
  userId,
  onClose,
  onCopy,
}: {
  open: boolean;
  userId: number;
  onClose: () => void;
  onCopy: (matrix: UserPermissions, name: string) => void;
}) {
  const t = useT();
  const users = useAdminUsers('', 1, null);
  const [chosen, setChosen] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const others = (users.data?.users ?? []).filter((u) => u.userId !== userId);
  const copy = async () => {
    const from = others.find((u) => u.userId === chosen);
    if (!from) return;
    setBusy(true);
    setError(null);
    try {
      onCopy(await fetchUserPermissions(from.userId), fullName(from));
      setChosen('');
    } catch (e) {
      setError(isApiError(e) ? e.message : t('crm.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="copy-permissions-title">
      <DialogTitle id="copy-permissions-title">{t('adminUsers.matrix.copyTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('adminUsers.matrix.copyHelp')}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <TextField
          select
          fullWidth
          label={t('adminUsers.matrix.copyFrom')}
          value={chosen}
          onChange={(e) => setChosen(Number(e.target.value))}
        >
          {others.map((u) => (
            <MenuItem key={u.userId} value={u.userId}>
              {fullName(u)} · {u.email}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('adminUsers.cancel')}</Button>
        <Button variant="contained" disabled={chosen === '' || busy} onClick={() => void copy()}>
          {t('adminUsers.matrix.copyApply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MatrixTable({
  markets,
  draft,
  setMarket,
}: {
  markets: readonly PermissionMatrixMarket[];
  draft: Draft;
  setMarket: (ids: readonly number[], change: (list: readonly MarketPermission[]) => MarketPermission[]) => void;
}) {
  const t = useT();
  const ids = markets.map((m) => m.marketId);
  const labelOf = (m: PermissionMatrixMarket) =>
    marketLabel({
      displayName: m.displayName,
      address: { city: m.city, administrativeAreaLevel1: m.administrativeAreaLevel1 },
    });
  const countWith = (p: MarketPermission) => ids.filter((id) => draft.markets[id]?.includes(p)).length;
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ maxHeight: { xs: '70vh', md: 'none' }, overflowX: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('adminUsers.matrix.label')} sx={{ minWidth: 980 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...stickyCell, zIndex: 3 }}>{t('adminUsers.matrix.market')}</TableCell>
            <TableCell align="center" sx={{ width: 64 }}>
              {t('adminUsers.matrix.row')}
            </TableCell>
            {MARKET_PERMISSIONS.map((p) => (
              <TableCell key={p} align="center" sx={{ width: 88, lineHeight: 1.25, fontSize: '0.8125rem' }}>
                {t(`adminUsers.perm.${p}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow sx={{ bgcolor: 'action.hover' }}>
            <TableCell component="th" scope="row" sx={{ ...stickyCell, bgcolor: 'grey.100', fontWeight: 700 }}>
              {t('adminUsers.matrix.allMarkets')}
            </TableCell>
            <TableCell />
            {MARKET_PERMISSIONS.map((p) => {
              const n = countWith(p);
              return (
                <TableCell key={p} align="center" padding="checkbox">
                  <Checkbox
                    checked={n === ids.length && ids.length > 0}
                    indeterminate={n > 0 && n < ids.length}
                    onChange={(e) => setMarket(ids, (list) => withPermission(list, p, e.target.checked))}
                    slotProps={{
                      input: {
                        'aria-label': t('adminUsers.matrix.columnAll', { permission: t(`adminUsers.perm.${p}`) }),
                      },
                    }}
                  />
                </TableCell>
              );
            })}
          </TableRow>
          {markets.map((m) => {
            const held = draft.markets[m.marketId] ?? [];
            const label = labelOf(m);
            return (
              <TableRow key={m.marketId} hover>
                <TableCell component="th" scope="row" sx={{ ...stickyCell, overflowWrap: 'anywhere' }}>
                  {label}
                </TableCell>
                <TableCell align="center" padding="checkbox">
                  <Checkbox
                    checked={held.length === MARKET_PERMISSIONS.length}
                    indeterminate={held.length > 0 && held.length < MARKET_PERMISSIONS.length}
                    onChange={(e) => setMarket([m.marketId], () => (e.target.checked ? [...MARKET_PERMISSIONS] : []))}
                    slotProps={{ input: { 'aria-label': t('adminUsers.matrix.rowAll', { market: label }) } }}
                  />
                </TableCell>
                {MARKET_PERMISSIONS.map((p) => (
                  <TableCell key={p} align="center" padding="checkbox">
                    <Checkbox
                      checked={held.includes(p)}
                      onChange={(e) => setMarket([m.marketId], (list) => withPermission(list, p, e.target.checked))}
                      slotProps={{
                        input: {
                          'aria-label': t('adminUsers.matrix.cell', {
                            permission: t(`adminUsers.perm.${p}`),
                            market: label,
                          }),
                        },
                      }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The permission matrix of one user (grain-marketing.md 6): rows are the partner's markets, columns the ten
 * permissions; "All markets" ticks a column everywhere, "All" a row; "Copy from user…" takes another user's matrix;
 * the admin permissions are switches. Save writes the whole matrix with If-Match: a change by someone else meanwhile
 * says so and shows theirs.
 */
export function PermissionMatrix({
  matrix,
  isSelf,
  onReload,
}: {
  matrix: UserPermissions;
  isSelf: boolean;
  onReload: () => Promise<unknown>;
}) {
  const t = useT();
  const ids = useMemo(() => matrix.markets.map((m) => m.marketId), [matrix]);
  const saved = useMemo(() => draftOf(matrix, ids), [matrix, ids]);
  const [draft, setDraft] = useState<Draft>(saved);
  const [failure, setFailure] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const put = usePutPermissions(matrix.userId);
  useEffect(() => setDraft(saved), [saved]);
  const dirty = !sameDraft(draft, saved);

  const setMarket = (marketIds: readonly number[], change: (list: readonly MarketPermission[]) => MarketPermission[]) =>
    setDraft((d) => ({
      ...d,
      markets: { ...d.markets, ...Object.fromEntries(marketIds.map((id) => [id, change(d.markets[id] ?? [])])) },
    }));
  const setAdmin = (p: AdminPermission, on: boolean) =>
    setDraft((d) => ({ ...d, admin: on ? [...d.admin.filter((x) => x !== p), p] : d.admin.filter((x) => x !== p) }));

  const save = async () => {
    setFailure(null);
    try {
      await put.mutateAsync({
        version: matrix.version,
        body: {
          markets: ids.map((marketId) => ({ marketId, permissions: draft.markets[marketId] ?? [] })),
          adminPermissions: ADMIN_PERMISSIONS.filter((p) => draft.admin.includes(p)),
        },
      });
      showToast({ messageId: 'adminUsers.matrix.saved' }, { severity: 'success' });
      await onReload();
    } catch (error) {
      if (isApiError(error) && error.code === 'precondition_failed') {
        setFailure(t('adminUsers.error.conflict'));
        await onReload();
      } else if (isApiError(error) && error.code === 'admin_self_change') setFailure(error.message);
      else setFailure(t('adminUsers.error.permissionsNotSaved'));
    }
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <div>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {t('adminUsers.matrix.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('adminUsers.matrix.help')}
          </Typography>
        </div>
        <Button
          variant="outlined"
          onClick={() => setCopying(true)}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('adminUsers.matrix.copy')}
        </Button>
      </Stack>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <MatrixTable markets={matrix.markets} draft={draft} setMarket={setMarket} />

      <Paper variant="outlined" component="section" aria-label={t('adminUsers.admin.title')} sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
          {t('adminUsers.admin.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('adminUsers.admin.help')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3, rowGap: 0.5 }}>
          {ADMIN_PERMISSIONS.map((p) => (
            <FormControlLabel
              key={p}
              sx={{ alignItems: 'flex-start', m: 0, py: 0.5 }}
              control={
                <Switch
                  checked={draft.admin.includes(p)}
                  disabled={isSelf && p === 'buyer-admin'}
                  onChange={(e) => setAdmin(p, e.target.checked)}
                />
              }
              label={
                <Box sx={{ pt: 0.75 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`adminUsers.admin.${p}`)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`adminUsers.admin.${p}.help`)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </Box>
      </Paper>

      <Stack
        direction="row"
        spacing={1.5}
        sx={{
          position: 'sticky',
          bottom: 0,
          py: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: 'background.default',
          alignItems: 'center',
          justifyContent: 'flex-end',
          zIndex: 4,
        }}
      >
        {dirty ? (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {t('adminUsers.matrix.unsaved')}
          </Typography>
        ) : null}
        <Button disabled={!dirty || put.isPending} onClick={() => setDraft(saved)}>
          {t('adminUsers.matrix.reset')}
        </Button>
        <Button variant="contained" disabled={!dirty || put.isPending} onClick={() => void save()}>
          {t('adminUsers.matrix.save')}
        </Button>
      </Stack>

      <CopyFromUserDialog
        open={copying}
        userId={matrix.userId}
        onClose={() => setCopying(false)}
        onCopy={(from, name) => {
          const copied = draftOf(from, ids);
          // Copying never takes away one's own buyer-admin (the server would refuse the save).
          if (isSelf && draft.admin.includes('buyer-admin') && !copied.admin.includes('buyer-admin'))
            copied.admin.push('buyer-admin');
          setDraft(copied);
          setCopying(false);
          showToast({ messageId: 'adminUsers.matrix.copied', values: { name } }, { severity: 'info' });
        }}
      />
    </Stack>
  );
}
