// What other modules may use of the partners module (DESIGN.md, Conventions 11): a request host's name as partners
// are matched by it. The PartnerDirectory type the modules are handed is platform's (platform/partner-directory.ts).
export { createPartnerDirectory, hostName } from './partners.service.ts';
