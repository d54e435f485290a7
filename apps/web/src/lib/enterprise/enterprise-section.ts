import type { ComponentType } from 'react';
import type { MessageId } from '../i18n/messages';

/** What every section (tab) of an enterprise's pages gets: whose enterprise, by both ids. */
export type EnterpriseSectionProps = {
  /** The enterprise's legacy (numeric) id: the /api/effu/enterprises/:enterpriseId calls take it. */
  enterpriseId: number;
  enterprisePublicId: string;
  /** The user whose account the page is under (/account/user/:userPublicId/…). */
  userPublicId: string;
};

/**
 * A section of /account/user/:userPublicId/enterprise/:enterprisePublicId/:section? — its URL segment, its tab's
 * label and its lazily loaded component. The app shell lists them (app/enterprise-sections.ts); areas add theirs.
 */
export type EnterpriseSection = {
  id: string;
  labelId: MessageId;
  load: () => Promise<ComponentType<EnterpriseSectionProps>>;
};
