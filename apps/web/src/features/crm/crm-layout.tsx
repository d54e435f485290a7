import { Box } from '@mui/material';
import { Outlet } from 'react-router';

/** The /crm parent route: its pages render in the Outlet. The CRM header and guard come from the shell frame. */
export function CrmLayout() {
  return (
    <Box data-testid="crm-layout" sx={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
      <Outlet />
    </Box>
  );
}
