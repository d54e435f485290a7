import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import { Box, Button, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { useCurrentEnterprise, useSeedEnterpriseStore } from '../../../lib/enterprise/current-enterprise';
import { useSwitchEnterprise } from '../../../lib/enterprise/enterprise-api';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { showToast } from '../../../lib/toast/toast-store';
import { useFarmerNavAllows } from '../../../lib/enterprise/farmer-nav';

/**
 * The header's farm business switcher (platform.md 3.1 current_enterprise_id, 4.1): shown to a user with more than
 * one enterprise; the current one's name (wrapping to two lines on a phone, whole in its tooltip), a menu of the others. Choosing one keeps it with
 * the session and the tab, and every page reads it from the bootstrap at once.
 */
export function EnterpriseSwitcher({ tone = 'default' }: { tone?: 'default' | 'inverse' }) {
  const { data } = useBootstrap();
  const current = useCurrentEnterprise();
  const switchTo = useSwitchEnterprise();
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  // The enterprise store starts from the bootstrap's list (4.1: not loaded); every header with a user mounts this.
  useSeedEnterpriseStore();
  const enterprises = Object.values(data?.enterprises ?? {}).sort((a, b) => a.name.localeCompare(b.name));
  if (enterprises.length < 2 || !current) return null;

  const choose = async (id: number) => {
    setAnchor(null);
    if (id === current.id) return;
    setBusy(true);
    try {
      await switchTo(id);
    } catch {
      showToast({ messageId: 'switcher.failed' }, { severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('switcher.choose', { name: current.name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        color="inherit"
        startIcon={<AgricultureOutlinedIcon />}
        endIcon={<ExpandMoreRoundedIcon />}
        sx={{
          textTransform: 'none',
          fontWeight: 600,
          maxWidth: { xs: 136, sm: 240 },
          minWidth: 0,
          px: { xs: 0.75, sm: 1.25 },
          color: tone === 'inverse' ? 'common.white' : 'text.primary',
          // On a phone the name needs the room more than the tractor does.
          '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' }, mr: 1 },
        }}
        title={current.name}
      >
        {/* The farm business's name on a phone too (issue 17): up to two lines, then an ellipsis; the whole name in
            the tooltip, the button's label and the menu. */}
        <Box
          component="span"
          data-testid="current-enterprise-name"
          sx={{
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflow: 'hidden',
            overflowWrap: 'break-word',
            textAlign: 'left',
            fontSize: { xs: '0.8rem', sm: '0.875rem' },
            lineHeight: { xs: 1.2, sm: 1.4 },
          }}
        >
          {current.name}
        </Box>
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
      >
        <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
          <T id="switcher.label" />
        </ListSubheader>
        {enterprises.map((e) => (
          <MenuItem key={e.id} selected={e.id === current.id} onClick={() => void choose(e.id)}>
            <ListItemIcon>{e.id === current.id ? <CheckRoundedIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{e.name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The account menu's line to /account: the user's profile and farm businesses. */
export function AccountMenuItem({ onClick }: { onClick: () => void }) {
  const localized = useLocalizedPath();
  return (
    <MenuItem component={RouterLink} to={localized('/account')} onClick={onClick}>
      <ListItemIcon>
        <AgricultureOutlinedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>
        <T id="header.account" />
      </ListItemText>
    </MenuItem>
  );
}

/**
 * The account menu's "My team": the current farm business's team (platform.md 2.3 /enterprise/:id/team), for a member
 * who may see it (team access or manage: the domain's farmerNavFor).
 */
export function TeamMenuItem({ onClick }: { onClick: () => void }) {
  const localized = useLocalizedPath();
  const current = useCurrentEnterprise();
  const allowed = useFarmerNavAllows('team');
  if (!current || !allowed) return null;
  return (
    <MenuItem component={RouterLink} to={localized(`/enterprise/${current.publicId}/team`)} onClick={onClick}>
      <ListItemIcon>
        <GroupsOutlinedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>
        <T id="header.team" />
      </ListItemText>
    </MenuItem>
  );
}

/**
 * The account menu's "Billing": the current farm business's billing (platform.md 7.5, /billing), for a member with
 * financial access on it (the domain's farmerNavFor; billing's calls check the same flag).
 */
export function BillingMenuItem({ onClick }: { onClick: () => void }) {
  const localized = useLocalizedPath();
  const allowed = useFarmerNavAllows('billing');
  if (!allowed) return null;
  return (
    <MenuItem component={RouterLink} to={localized('/billing')} onClick={onClick}>
      <ListItemIcon>
        <ReceiptLongOutlinedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>
        <T id="header.billing" />
      </ListItemText>
    </MenuItem>
  );
}
