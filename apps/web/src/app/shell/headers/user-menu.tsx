import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import PhoneRoundedIcon from '@mui/icons-material/PhoneRounded';
import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import { isStaff, type BootstrapUser, type Experience } from '@granary/domain';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { logout } from '../../../lib/api/logout';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { NotificationBell, NotificationSettingsMenuItem } from '../../../features/notifications/notification-bell';
import { storeExperience } from '../experience';
import { AccountMenuItem, BillingMenuItem, EnterpriseSwitcher, TeamMenuItem } from './enterprise-switcher';
import { telHref } from '../../../lib/ui/tel-href';

function initials(user: BootstrapUser): string {
  const letters = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase();
  return letters || (user.email?.[0] ?? '?').toUpperCase();
}

/**
 * The account menu: who is signed in, their profile (/user: name, password, a first password for a passwordless
 * user), the administration area for staff (/admin), experience switch, the support page and contacts, and Logout.
 */
export function UserMenu({
  user,
  current,
  tone = 'default',
}: {
  user: BootstrapUser;
  current: Experience;
  tone?: 'default' | 'inverse';
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const partner = usePartner();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const t = useT();
  const close = () => setAnchor(null);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const canSwitch =
    Boolean(user.experiences.grain_buying) &&
    Boolean(user.experiences.enterprise_agronomics) &&
    partner.experiences.includes('crm') &&
    partner.experiences.includes('my-sales-lite');
  const { supportEmail, supportPhone } = partner.branding;

  const switchTo = (experience: Experience) => {
    storeExperience(experience);
    close();
    navigate(experience === 'crm' ? '/crm/dashboard' : '/my-sales-lite');
  };

  return (
    <>
      <EnterpriseSwitcher tone={tone} />
      {user.id ? <NotificationBell userId={user.id} tone={tone} /> : null}
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('header.accountMenu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar
          sx={{
            width: 36,
            height: 36,
            fontSize: '0.9rem',
            fontWeight: 600,
            bgcolor: tone === 'inverse' ? 'rgba(255,255,255,0.2)' : 'primary.main',
            color: tone === 'inverse' ? 'common.white' : 'primary.contrastText',
          }}
        >
          {initials(user)}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          {name ? <Typography sx={{ fontWeight: 600 }}>{name}</Typography> : null}
          {user.email ? (
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
          ) : null}
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={localized('/user')} onClick={close}>
          <ListItemIcon>
            <PersonOutlineRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            <T id="header.myProfile" />
          </ListItemText>
        </MenuItem>
        <NotificationSettingsMenuItem onClick={close} />
        <AccountMenuItem onClick={close} />
        <TeamMenuItem onClick={close} />
        <BillingMenuItem onClick={close} />
        {isStaff(user) && !user.actingAs ? (
          <MenuItem component={RouterLink} to={localized('/admin/users')} onClick={close}>
            <ListItemIcon>
              <AdminPanelSettingsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>
              <T id="header.administration" />
            </ListItemText>
          </MenuItem>
        ) : null}
        {canSwitch ? (
          <MenuItem onClick={() => switchTo(current === 'crm' ? 'my-sales-lite' : 'crm')}>
            <ListItemIcon>
              <SwapHorizRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>
              <T id={current === 'crm' ? 'header.switchToMySalesLite' : 'header.switchToCrm'} />
            </ListItemText>
          </MenuItem>
        ) : null}
        <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
          <T id="header.support" />
        </ListSubheader>
        <MenuItem component={RouterLink} to={localized('/support')} onClick={close}>
          <ListItemIcon>
            <HelpOutlineRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            <T id="header.supportPage" />
          </ListItemText>
        </MenuItem>
        {supportEmail ? (
          <MenuItem component="a" href={`mailto:${supportEmail}`} onClick={close}>
            <ListItemIcon>
              <MailOutlineRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>
              <T id="header.supportEmail" values={{ email: supportEmail }} />
            </ListItemText>
          </MenuItem>
        ) : null}
        {supportPhone ? (
          <MenuItem component="a" href={telHref(supportPhone)} onClick={close}>
            <ListItemIcon>
              <PhoneRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>
              <T id="header.supportPhone" values={{ phone: supportPhone }} />
            </ListItemText>
          </MenuItem>
        ) : null}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            <T id="shell.logout" />
          </ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
