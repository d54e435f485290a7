import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { CROPS, formatNumber } from '@granary/domain';
import {
  Alert,
  Box,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { EnterpriseSectionProps } from '../../lib/enterprise/enterprise-section';
import { T, useT } from '../../lib/i18n/t';
import { useContributedData, useDataFeatureUnlocks, useEnterpriseFields } from './account-api';
import { Fact, Loaded } from './account-parts';

const cropName = (key: string | null) => (key ? (CROPS.find((c) => c.name === key)?.displayName ?? key) : '');

/** 7.4 contributed-data and data-feature-unlocks: what the farm business has shared, and what that unlocks. */
export function ContributedDataSection({ enterpriseId }: EnterpriseSectionProps) {
  const t = useT();
  const data = useContributedData(enterpriseId);
  const unlocks = useDataFeatureUnlocks(enterpriseId);
  const fields = useEnterpriseFields(enterpriseId);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          <T id="contributed.title" />
        </Typography>
        <Loaded query={data}>
          {() =>
            data.data ? (
              <>
                <Alert severity={data.data.hasContributedData ? 'success' : 'info'} sx={{ mb: 2 }}>
                  <T id={data.data.hasContributedData ? 'contributed.yes' : 'contributed.no'} />
                </Alert>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', mb: 2 }}>
                  <Fact label={<T id="contributed.fields" />}>
                    <T id="contributed.fieldsCount" values={{ count: data.data.fieldsCount }} />
                  </Fact>
                  <Fact label={<T id="contributed.agronomics" />}>
                    <T id="contributed.agronomicsCount" values={{ count: data.data.agronomicsCount }} />
                  </Fact>
                </Box>
              </>
            ) : null
          }
        </Loaded>
        <Loaded query={fields}>
          {() =>
            fields.data?.fields.length ? (
              <TableContainer>
                <Table size="small" aria-label={t('contributed.fields')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>
                        <T id="contributed.field" />
                      </TableCell>
                      <TableCell>
                        <T id="contributed.fieldCrop" />
                      </TableCell>
                      <TableCell align="right">
                        <T id="contributed.fieldArea" />
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {fields.data.fields.map((f) => (
                      <TableRow key={f.id}>
                        <TableCell>{f.name}</TableCell>
                        <TableCell>{cropName(f.crop)}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {formatNumber(f.areaAcres, { minFractionDigits: 2 })}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : (
              <Typography color="text.secondary">
                <T id="contributed.noFields" />
              </Typography>
            )
          }
        </Loaded>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, alignSelf: 'start' }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          <T id="contributed.unlocks" />
        </Typography>
        <Loaded query={unlocks}>
          {() => (
            <List dense disablePadding>
              {unlocks.data?.features.map((f) => (
                <ListItem key={f.id} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {f.unlocked ? (
                      <CheckCircleRoundedIcon color="success" fontSize="small" />
                    ) : (
                      <LockOutlinedIcon color="disabled" fontSize="small" />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={t(`contributed.feature.${f.id as 'field_benchmarks'}`)}
                    secondary={f.unlocked ? t('contributed.unlocked') : t('contributed.locked', { needs: f.needs })}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Loaded>
      </Paper>
    </Box>
  );
}
