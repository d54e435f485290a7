import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { Box, Button, Chip, Container, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Suspense, lazy, useEffect, useMemo, type ComponentType } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import { useEnterprise } from '../../lib/enterprise/enterprise-api';
import type { EnterpriseSection, EnterpriseSectionProps } from '../../lib/enterprise/enterprise-section';
import { dispatchEnterprise } from '../../lib/enterprise/enterprise-store';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { useSelectedTabInView } from '../../lib/ui/use-selected-tab-in-view';
import { useUserEnterprise } from './account-api';
import { Loaded, roleMessageId, useLocationText } from './account-parts';

const lazySections = new Map<string, ComponentType<EnterpriseSectionProps>>();

function sectionComponent(section: EnterpriseSection): ComponentType<EnterpriseSectionProps> {
  let component = lazySections.get(section.id);
  if (!component) {
    component = lazy(() => section.load().then((Component) => ({ default: Component })));
    lazySections.set(section.id, component);
  }
  return component;
}

/**
 * /account/user/:userPublicId/enterprise/:enterprisePublicId/:section? — one farm business's pages as tabs. The
 * sections (profile, contributed data, qualifying questions, agronomics; team and addresses from their areas) come
 * from the shell (app/enterprise-sections.ts). The enterprise's profile goes into the enterprise store (4.1), which
 * the sections read and patch.
 */
export function EnterprisePage({ sections }: { sections: readonly EnterpriseSection[] }) {
  const { userPublicId = '', enterprisePublicId = '', section: sectionId } = useParams();
  const t = useT();
  const partner = usePartner();
  const localized = useLocalizedPath();
  // Staff looking at another user's farm business go back to that user's list, not to their own account.
  const own = userPublicId === useBootstrap().data?.user.id;
  const locationText = useLocationText();
  const query = useUserEnterprise(userPublicId, enterprisePublicId);
  useEffect(() => {
    if (query.data) dispatchEnterprise({ type: 'profileReceived', profile: query.data });
  }, [query.data]);
  const enterprise = useEnterprise(query.data?.legacyId ?? null);
  const section = sections.find((s) => s.id === sectionId) ?? sections[0];
  const Section = useMemo(() => (section ? sectionComponent(section) : null), [section]);
  const name = enterprise?.name ?? query.data?.name;
  useDocumentTitle([section ? t(section.labelId) : null, name, partner.branding.shortName]);
  const base = `/account/user/${userPublicId}/enterprise/${enterprisePublicId}`;
  const tabsRef = useSelectedTabInView(section?.id, Boolean(query.data && enterprise));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Button
        component={RouterLink}
        to={localized(own ? '/account' : `/account/user/${userPublicId}/enterprises`)}
        startIcon={<ArrowBackRoundedIcon />}
        size="small"
        sx={{ mb: 1.5, ml: -1 }}
      >
        <T id={own ? 'account.backToAccount' : 'account.enterprises'} />
      </Button>
      <Loaded query={query}>
        {() =>
          query.data && enterprise && Section && section ? (
            <>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 0.5 }}>
                <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Typography>
                {query.data.role ? (
                  <Chip label={t(roleMessageId(query.data.role))} variant="outlined" size="small" />
                ) : null}
              </Stack>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {locationText(query.data.location.country, query.data.location.state)}
              </Typography>
              <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
                {/* As the app's other tab bars (My Sales Lite, the administrator): swiped on a phone, no arrows, the
                    selected tab scrolled into view. Arrows that appear once the bar is measured shrink it after
                    MUI has scrolled, which left the selected tab half hidden at 390 px. */}
                <Tabs
                  value={section.id}
                  variant="scrollable"
                  scrollButtons={false}
                  allowScrollButtonsMobile
                  ref={tabsRef}
                  aria-label={t('enterprise.sections')}
                >
                  {sections.map((s) => (
                    <Tab
                      key={s.id}
                      value={s.id}
                      label={t(s.labelId)}
                      component={RouterLink}
                      to={localized(s === sections[0] ? base : `${base}/${s.id}`)}
                      sx={{ minWidth: { xs: 72, sm: 96 }, px: { xs: 1.5, sm: 2 } }}
                    />
                  ))}
                </Tabs>
              </Box>
              <Suspense fallback={<PageSpinner />}>
                <Section
                  enterpriseId={query.data.legacyId}
                  enterprisePublicId={enterprisePublicId}
                  userPublicId={userPublicId}
                />
              </Suspense>
            </>
          ) : null
        }
      </Loaded>
    </Container>
  );
}
