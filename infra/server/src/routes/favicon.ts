import fp from 'fastify-plugin';
import { readableTextOn } from '@forecourt/shared-config/format';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { escapeHtml } from '@forecourt/pages/page';

/** The tenant's logo mark as an icon, so every tab shows the dealer rather than a blank. */
export function faviconSvg(tenant: TenantConfig): string {
  const text = escapeHtml(tenant.logo.text);
  const size = tenant.logo.text.length > 2 ? 26 : 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${tenant.theme.accent}"/><text x="32" y="33" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="${readableTextOn(tenant.theme.accent)}" text-anchor="middle" dominant-baseline="central">${text}</text></svg>`;
}

export default fp(
  async (fastify) => {
    fastify.get('/favicon.svg', async (request, reply) => {
      if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('image/svg+xml')
        .send(faviconSvg(request.tenant));
    });
    // Browsers still ask for /favicon.ico when a page has not loaded yet; point them at the SVG.
    fastify.get('/favicon.ico', async (_request, reply) => reply.code(301).redirect('/favicon.svg'));
  },
  { name: 'routes-favicon', fastify: '5.x', dependencies: ['tenants'] },
);
