import type { ClientProfile } from '@granary/domain';
import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { RelativeTime } from '../../../../lib/i18n/relative-time';
import { T, useT } from '../../../../lib/i18n/t';
import type { ProfileFormat } from '../profile-format';

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Box>
    </Box>
  );
}

/** The client's activity: next follow-up, last farm visit, last accessed (and by whom), platform users, programs. */
export function ActivityPanel({ profile, format }: { profile: ClientProfile; format: ProfileFormat }) {
  const t = useT();
  const { summary } = profile;
  const perUser = summary.lastAccessed.perUser;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="client-activity-title" sx={{ p: 2 }}>
      <Typography id="client-activity-title" variant="h4" component="h2" sx={{ mb: 0.5 }}>
        <T id="crm.client.activity.title" />
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <InfoRow label={t('crm.client.activity.nextFollowup')}>
          {summary.followup ? (
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {t('crm.client.activity.followupLine', {
                date: format.day(summary.followup.dueDate),
                description: summary.followup.description,
              })}
            </Typography>
          ) : (
            <Typography variant="body2" component="span" color="text.secondary">
              {t('crm.client.activity.noFollowup')}
            </Typography>
          )}
        </InfoRow>
        <InfoRow label={t('crm.client.activity.lastFarmVisit')}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
            {summary.lastFarmVisit ? format.day(summary.lastFarmVisit) : t('crm.client.activity.never')}
          </Typography>
        </InfoRow>
        <InfoRow label={t('crm.client.activity.lastAccessed')}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
            {summary.lastAccessed.leLastAccessed ? (
              <RelativeTime value={summary.lastAccessed.leLastAccessed} />
            ) : (
              t('crm.client.activity.never')
            )}
          </Typography>
          {perUser.length > 0 ? (
            <Box
              component="ul"
              aria-label={t('crm.client.activity.byUser')}
              sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}
            >
              {perUser.slice(0, 6).map((access) => (
                <Stack
                  component="li"
                  key={access.userId}
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between' }}
                >
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {access.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    <RelativeTime value={access.accessedAt} />
                  </Typography>
                </Stack>
              ))}
            </Box>
          ) : null}
        </InfoRow>
        {profile.onboardedEnterprises.length > 0 || profile.onboardedUsers.length > 0 ? (
          <InfoRow label={t('crm.client.activity.onPlatform')}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {[...profile.onboardedEnterprises, ...profile.onboardedUsers]
                .map((entry) => entry.name)
                .join(t('crm.client.listSeparator'))}
            </Typography>
          </InfoRow>
        ) : null}
        {profile.programEnrollments.length > 0 ? (
          <InfoRow label={t('crm.client.activity.programs')}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {profile.programEnrollments.map((program) => program.name).join(t('crm.client.listSeparator'))}
            </Typography>
          </InfoRow>
        ) : null}
      </Box>
    </Paper>
  );
}
