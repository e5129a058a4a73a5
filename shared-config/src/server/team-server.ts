/**
 * One factory for the teams' server plugins. Each remote's `server/index.ts` passes only what is
 * its own — its team id, version and routes — and gets a Fastify plugin that infra mounts with
 * the platform's implementations of the ports (clock, later the partner adapters). Every team
 * answers under `/api/<team without mf->/`, starting with `status`, so a platform engineer can see
 * which build of a team's server is running.
 */
import type { FastifyInstance, FastifyPluginCallback, FastifyPluginOptions, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SearchAccess } from '../runtime/manifest';
import type { Session } from '../runtime/store';
import type { RemoteTeam } from '../teams';
import type { PublicTenantConfig } from '../tenant/schema';
import { RequestValidationError, sendInvalid } from './validation';

/**
 * A plugin with its own scope (its hooks, parsers and prefix stay inside it), named. Fastify names
 * every plugin it loads: one without a name is looked for among every loaded module (a scan of
 * the module cache per registration), which costs about a millisecond each under jest's module
 * registry and dozens of times per app a test starts. fastify-plugin's `encapsulate` keeps the
 * scope and gives the name.
 */
export function scoped<Options extends FastifyPluginOptions = Record<never, never>>(
  name: string,
  plugin: (fastify: FastifyInstance, options: Options) => Promise<void>,
) {
  return fp<Options>(plugin, { name, encapsulate: true });
}

/** What the platform passes every team server. Teams add their own ports on top of these. */
export interface PlatformPorts {
  clock: () => Date;
}

/** What the platform asks a team's first-paint renderer for (see runtime/first-paint.ts). */
export interface FirstPaintRequest {
  request: FastifyRequest;
  tenant: PublicTenantConfig;
  /** The page's path and query. */
  url: string;
  /**
   * The version the page's build is published as, for the app frame's data-version: the server's own
   * version, or another under which the same sources were published (the demo's earlier pin).
   */
  version: string;
  search: SearchAccess | null;
  /** Who is signed in on the page (from the server session). */
  session?: Session;
}

/** A team's first paint of a page: its HTML, and the data its app renders the same HTML from. */
export interface FirstPaint {
  html: string;
  data?: unknown;
}

/**
 * What a team's server says about a page before it is sent: its status (404 when the page's
 * subject does not exist, e.g. an unknown car) and the head that search engines and link
 * previews read without running JavaScript.
 */
export interface PageHead {
  status?: 200 | 404;
  title?: string;
  description?: string;
  /** Absolute address of the page's one canonical URL. */
  canonical?: string;
  /** Open Graph properties without the 'og:' prefix (title, description, image, type, url). */
  openGraph?: Record<string, string>;
  /** JSON-LD objects (schema.org), each written in its own script element. */
  jsonLd?: unknown[];
}

/** A first-paint renderer as the platform finds it: only for a pinned build of this `version`. */
export interface FirstPaintRenderer {
  version: string;
  render: (input: FirstPaintRequest) => Promise<FirstPaint | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The dealer site's own origin, as the platform decides it for a request on a site (never the Host header as sent). */
    siteOrigin?: string | undefined;
  }
  interface FastifyInstance {
    /** The first-paint renderers of the mounted team servers, by team. */
    firstPaints?: Map<string, FirstPaintRenderer>;
    /** The page-head providers of the mounted team servers, by team (any pinned version). */
    pageHeads?: Map<string, (input: FirstPaintRequest) => Promise<PageHead | null>>;
  }
}

export interface TeamServerOptions<Ports extends PlatformPorts> {
  /** Implementations from the platform; any not given fall back to the team's defaults. */
  ports?: Partial<Ports>;
}

export interface TeamServerDefinition<Ports extends PlatformPorts> {
  team: RemoteTeam;
  /** The team's package version, reported by `/api/<team>/status`. */
  version: string;
  /** Ports used when the platform passes none (a team's own tests, a local run). */
  defaultPorts?: Omit<Ports, keyof PlatformPorts> & Partial<PlatformPorts>;
  /** The team's routes, registered under `/api/<team>/`. */
  routes?: (fastify: FastifyInstance, ports: Ports) => Promise<void> | void;
  /**
   * Routes at paths the product rules name outside `/api/<team>/` (mf-finance's
   * `/api/youx/quote`), registered as written. Each path is the team's alone: keep them few, and
   * list them in the team's README.
   */
  specRoutes?: (fastify: FastifyInstance, ports: Ports) => Promise<void> | void;
  /**
   * Renders the first paint of the team's pages on the server (null for a page it does not
   * render). The platform uses it only when the tenant's pinned build is this server's own
   * version: the HTML must be what that build renders, or the hand-over would move the page.
   */
  firstPaint?: (input: FirstPaintRequest, ports: Ports) => Promise<FirstPaint | null>;
  /**
   * The status and head of the team's pages (null for a page it has nothing to say about). Used
   * whatever build is pinned: it is data about the page, not its layout.
   */
  pageHead?: (input: FirstPaintRequest, ports: Ports) => Promise<PageHead | null>;
}

/**
 * The site's origin, for every absolute address the server writes (canonical, Open Graph,
 * sitemap, links in documents): the one the platform set for a dealer site (its configured
 * domain in production, never the Host header as sent), else the request's own (a team's server
 * mounted alone in its tests).
 */
export function requestOrigin(request: FastifyRequest): string {
  return request.siteOrigin ?? `${request.protocol}://${request.host}`;
}

/** `/api/search` for mf-search. */
export function teamApiPrefix(team: RemoteTeam): string {
  return `/api/${team.replace(/^mf-/, '')}`;
}

/**
 * A team's routes answer bad input themselves (`parseInput` throws it), the same whether infra or
 * a team's own test mounts them; any other error goes on to the host's error handler.
 */
function answerBadInput(scope: FastifyInstance): void {
  scope.setErrorHandler((error, _request, reply) => {
    if (error instanceof RequestValidationError) return sendInvalid(reply, error);
    throw error;
  });
}

/**
 * A team's server plugin, and the definition it was made from: the platform may run the team's
 * first paint elsewhere than in the plugin (infra renders them on threads of their own, with the
 * same ports reached from there).
 */
export type TeamServerPlugin<Ports extends PlatformPorts = PlatformPorts> = FastifyPluginCallback<
  TeamServerOptions<Ports>
> & { readonly definition: TeamServerDefinition<Ports> };

export function defineTeamServer<Ports extends PlatformPorts = PlatformPorts>(
  definition: TeamServerDefinition<Ports>,
): TeamServerPlugin<Ports> {
  const { team, version } = definition;
  const plugin = fp<TeamServerOptions<Ports>>(
    async (fastify, options) => {
      const ports = { clock: () => new Date(), ...definition.defaultPorts, ...options.ports } as Ports;
      const { firstPaint } = definition;
      if (firstPaint) {
        if (!fastify.hasDecorator('firstPaints'))
          fastify.decorate('firstPaints', new Map<string, FirstPaintRenderer>());
        fastify.firstPaints!.set(team, { version, render: (input) => firstPaint(input, ports) });
      }
      const { pageHead } = definition;
      if (pageHead) {
        if (!fastify.hasDecorator('pageHeads'))
          fastify.decorate('pageHeads', new Map<string, (input: FirstPaintRequest) => Promise<PageHead | null>>());
        fastify.pageHeads!.set(team, (input) => pageHead(input, ports));
      }
      await fastify.register(
        scoped(`${team}-api`, async (scope) => {
          answerBadInput(scope);
          scope.get('/status', async () => ({ team, version }));
          await definition.routes?.(scope, ports);
        }),
        { prefix: teamApiPrefix(team) },
      );
      if (definition.specRoutes) {
        await fastify.register(
          scoped(`${team}-spec-routes`, async (scope) => {
            answerBadInput(scope);
            await definition.specRoutes!(scope, ports);
          }),
        );
      }
    },
    { name: team, fastify: '5.x' },
  );
  return Object.assign(plugin, { definition });
}
