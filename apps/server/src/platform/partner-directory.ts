import type { WhiteLabelPartner } from '@granary/domain';

/**
 * The white-label partners, looked up by host, intent or id. The partners module builds it (createPartnerDirectory,
 * cached per process); app.ts hands it to the modules and to platform pieces (CRM access, live events) that need it.
 */
export type PartnerDirectory = {
  /** White-label by sub-domain: exact vhost first, then vhostRegex, then the default (demo) partner. */
  byHost(host: string | undefined): Promise<WhiteLabelPartner>;
  byIntent(intent: string): Promise<WhiteLabelPartner | null>;
  byId(id: string): Promise<WhiteLabelPartner | null>;
  /** Drops this process's copy after a partner changed: the next lookup reads the partners again. */
  forget(): void;
};
