import { Container, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useTeam } from './team-api';
import { TeamSection } from './team-section';

/** /enterprise/:id/team (platform.md 2.3; the store's readiness report links here): the team of one farm business. */
export function TeamPage() {
  const { id = '' } = useParams();
  const t = useT();
  const partner = usePartner();
  const team = useTeam(id);
  const name = team.data?.enterprise.name;
  const title = name ? t('team.pageTitle', { name }) : t('team.title');
  useDocumentTitle([title, partner.branding.shortName]);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <T id="team.subtitle" />
      </Typography>
      <TeamSection enterprisePublicId={id} />
    </Container>
  );
}
