import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../lib/i18n/t';

/** "Sign": opens the built-in signing page of the farmer's open signing link (signing/urls). */
export function SignButton({ url, label }: { url: string; label: string }) {
  const t = useT();
  return (
    <Button
      component={RouterLink}
      to={url}
      size="small"
      variant="contained"
      color="warning"
      startIcon={<DrawOutlinedIcon />}
      aria-label={label}
      onClick={(event) => event.stopPropagation()}
    >
      {t('esign.msl.sign')}
    </Button>
  );
}
