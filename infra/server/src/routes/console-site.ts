import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { consoleHostName, consoleOrigin, onConsoleHost } from '@forecourt/config/console-origin';
import { contentSecurityPolicy, htmlSecurityHeaders } from '@forecourt/pages/security';
import { scoped } from '@forecourt/shared-config/server';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the console's own site (its page and its files), answered on the console's host only. */
    consoleSite?: boolean;
  }
}

export interface ConsoleSiteOptions {
  /** The console's build (`npm run build -w @forecourt/console`): index.html and assets/. */
  dir: string;
}

/**
 * Paths the console's host answers besides its own site: the admin API the console calls, and
 * the instance's health, which a balancer may ask on any host it routes here.
 */
function servedBesides(url: string): boolean {
  return (
    url === '/_admin' || url.startsWith('/_admin/') || url.startsWith('/api/health') || url.startsWith('/api/ready')
  );
}

/**
 * The console's policy: its own scripts and the admin API on its own origin, nothing else (no
 * dealer's search host, map tiles or video frames). Emotion writes its styles at run time,
 * hence inline styles, as on the dealers' pages.
 */
const CONSOLE_HTML_HEADERS = htmlSecurityHeaders(contentSecurityPolicy());

/** The last path segment looks like a file (favicon.ico, a chunk): a missing one is a 404, not the app. */
const FILE_LIKE = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;

/**
 * The console's own routes, in a context of their own so that its hooks (the host constraint,
 * the marker and the console's policy) touch only them.
 */
async function consoleFiles(fastify: FastifyInstance, options: ConsoleSiteOptions & { host: RegExp }): Promise<void> {
  fastify.addHook('onRoute', (route) => {
    route.constraints = { ...route.constraints, host: options.host };
    route.config = { ...route.config, consoleSite: true };
  });
  // After the platform's own onSend hooks (security-headers sets the dealers' policy on every page).
  fastify.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.headers(CONSOLE_HTML_HEADERS);
    return payload;
  });

  // Every file but index.html has its content hash in its name: a year in any cache, and the
  // Brotli or gzip copy the build wrote beside it when the browser takes one.
  await fastify.register(fastifyStatic, {
    root: path.join(options.dir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    dotfiles: 'deny',
    index: false,
    list: false,
  });

  const indexFile = path.join(options.dir, 'index.html');
  // Every app route (/, /tenants/x/mf-search, /enroll) is the one page; its router shows the rest.
  // Read at each request (it is a few hundred bytes): a rebuilt console is served without a restart.
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (servedBesides(url) || FILE_LIKE.test(url)) return reply.callNotFound();
    const html = await fs.readFile(indexFile, 'utf8').catch(() => null);
    if (html === null) {
      return reply
        .code(503)
        .send({ error: 'The operator console is not built on this server: npm run build -w @forecourt/console' });
    }
    // Always asked again, so a new release's page (naming its new files) is used at once.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };
  fastify.get('/', page);
  fastify.get('/*', page);
}

/**
 * The operator console's site on its own host (FORECOURT_CONSOLE_ORIGIN): its page for every app
 * route and its built files, and on that host nothing else but the admin API and health. Tenant
 * pages are never served there (the console host is no tenant: 'console' is a reserved slug, and
 * the X-Forecourt-Tenant header cannot make it one), and the console is never served on a
 * tenant's host (its routes are constrained to the console's host).
 */
export default fp<ConsoleSiteOptions>(
  async (fastify, options) => {
    const origin = consoleOrigin(fastify.config);
    const name = consoleHostName(origin).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The host name with any port, as onConsoleHost reads it (a balancer may add or drop the port).
    const host = new RegExp(`^${name}\\.?(?::\\d+)?$`, 'i');

    fastify.addHook('onRequest', async (request, reply) => {
      if (!onConsoleHost(request, origin) || request.routeOptions.config.consoleSite) return;
      const url = request.url.split('?')[0] ?? '/';
      if (servedBesides(url)) return;
      return reply.code(404).send({
        error: `The console's host answers the console and the admin API only, not ${request.method} ${url.slice(0, 200)}`,
      });
    });

    await fastify.register(scoped('console-files', consoleFiles), { ...options, host });
  },
  { name: 'routes-console-site', fastify: '5.x', dependencies: ['config'] },
);
