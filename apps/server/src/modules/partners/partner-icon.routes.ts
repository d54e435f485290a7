import type { FastifyPluginAsync } from 'fastify';
import type { WhiteLabelPartner } from '@granary/domain';
import { escapeHtml } from '../../platform/html.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';

const FALLBACK_COLOUR = '#2e6b3a';
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The partner's icon: a rounded square in its primary colour with the first letter of its short name and a grain
 * kernel, as SVG. Brand words and colour come from the partner record, so each partner's tab shows its own mark.
 */
export function partnerIconSvg(partner: Pick<WhiteLabelPartner, 'branding' | 'displayName' | 'theme'>): string {
  const colour = HEX_COLOUR.test(partner.theme.primary) ? partner.theme.primary : FALLBACK_COLOUR;
  const accent = HEX_COLOUR.test(partner.theme.secondary) ? partner.theme.secondary : '#c98a1b';
  const name = (partner.branding.shortName || partner.displayName).trim();
  const letter = escapeHtml(Array.from(name)[0]?.toUpperCase() ?? 'G');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">',
    `<rect width="64" height="64" rx="14" fill="${colour}"/>`,
    `<ellipse cx="49" cy="15" rx="5" ry="8" transform="rotate(35 49 15)" fill="${accent}"/>`,
    '<text x="30" y="47" text-anchor="middle" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif"',
    ` font-size="40" font-weight="800" fill="#ffffff">${letter}</text>`,
    '</svg>',
  ].join('');
}

/**
 * /favicon.svg and /favicon.ico: the host partner's icon (issue 13: every page load asked for /favicon.ico and got
 * a 404). Both answer the SVG with its own content type; browsers that follow the pages' <link rel="icon"> use
 * /favicon.svg, and those asking for /favicon.ico by habit get the same mark.
 */
export const partnerIconRoutes: FastifyPluginAsync<{ partners: PartnerDirectory }> = async (app, { partners }) => {
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    app.get(path, { config: { access: 'public' } }, async (request, reply) => {
      const partner = await partners.byHost(request.headers.host);
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=3600')
        .header('Vary', 'Host')
        .send(partnerIconSvg(partner));
    });
  }
};
