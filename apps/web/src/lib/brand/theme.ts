import { BREAKPOINTS } from '@granary/domain';
import { alpha, createTheme, type Theme } from '@mui/material/styles';

const isColor = (value: string) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());

/** The MUI theme of a partner: its primary/secondary colours on a calm, neutral SaaS base. */
export function createPartnerTheme(colors: { primary: string; secondary: string }): Theme {
  const primary = isColor(colors.primary) ? colors.primary : '#2e6b3f';
  const secondary = isColor(colors.secondary) ? colors.secondary : '#c98a1b';
  const theme = createTheme({
    breakpoints: { values: { xs: 0, ...BREAKPOINTS } },
    palette: {
      mode: 'light',
      primary: { main: primary },
      secondary: { main: secondary },
      background: { default: '#f5f6f4', paper: '#ffffff' },
      text: { primary: '#1c2321', secondary: '#5b6560' },
      divider: '#e3e6e2',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h2: { fontSize: '1.6rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h3: { fontSize: '1.3rem', fontWeight: 600 },
      h4: { fontSize: '1.15rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    },
  });
  return createTheme(theme, {
    components: {
      MuiAppBar: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { borderBottom: `1px solid ${theme.palette.divider}` } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8, paddingInline: 16 } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiAlert: { styleOverrides: { root: { borderRadius: 10, alignItems: 'center' } } },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            '&.Mui-selected': { backgroundColor: alpha(primary, 0.1), color: primary, fontWeight: 600 },
          },
        },
      },
    },
  });
}
