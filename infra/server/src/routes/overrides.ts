import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { REMOTE_TEAMS, type RemoteTeam } from '@forecourt/shared-config/teams';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { sameSitePath } from '@forecourt/shared-config/safe-redirect';
import { requestOrigin, scoped } from '@forecourt/shared-config/server';
import { RequestValidationError } from '@forecourt/shared-config/server/validation';
import {
  checkEntryUrl,
  OVERRIDE_COOKIE,
  OVERRIDE_DEFAULT_LIFETIME_SECONDS,
  OVERRIDE_GRANT_SECONDS,
  OVERRIDE_MAX_LIFETIME_SECONDS,
  OVERRIDE_SECRET_NAME,
  originRulesFromConfig,
  signOverride,
  verifyOverride,
  type OriginRules,
  type Override,
} from '@forecourt/pages/override';
import { escapeHtml, renderPlainPage } from '@forecourt/pages/page';
import { isProduction } from '@forecourt/config/load';
import { may } from '@forecourt/domain/operators/permissions';
import { installSecret } from '@forecourt/config/secrets';

/** The developer override's addresses on every site. */
export const OVERRIDE_PATHS = {
  /** Opening a link from the admin API here sets the override in that browser. */
  apply: '/_dev/override',
  /** The form that sets an override with a personal operator token. */
  page: '/_dev/overrides',
  /** The banner's Clear button posts here. */
  clear: '/_dev/override/clear',
} as const;

export interface OverrideGrantInput {
  tenant: TenantConfig;
  team: string;
  entry: string;
  /** How long the override lasts once set (default 8 hours, at most 24). */
  lifetimeSeconds?: number;
}

export interface OverrideService {
  readonly rules: OriginRules;
  /** The verified override this request's cookie holds for this tenant, or null (every shopper). */
  read(request: FastifyRequest, tenant: TenantConfig): Override | null;
  /** A signed link that sets the override in the browser that opens it; a RequestValidationError names a bad field. */
  grant(input: OverrideGrantInput): { path: string; expiresAt: Date };
}

declare module 'fastify' {
  interface FastifyInstance {
    overrides: OverrideService;
  }
}

export interface OverridesOptions {
  dataDir: string;
  /** Default: from the environment (see originRulesFromConfig). */
  rules?: OriginRules;
  clock?: () => Date;
}

const nowSeconds = (clock: () => Date) => Math.floor(clock().getTime() / 1000);

/** A team the tenant has switched on: an override never adds a remote the site does not run. */
function switchedOnTeam(tenant: TenantConfig, team: string): RemoteTeam | null {
  const known = (REMOTE_TEAMS as readonly string[]).includes(team) ? (team as RemoteTeam) : null;
  return known && tenant.features[known] ? known : null;
}

/** The request's own origin as the browser named it: the host it asked for, over its scheme. */

/**
 * The post was sent from a page of this site. Browsers name the page's origin in `Origin` on every
 * post (the string 'null' when they hide it, which a cross-site page can ask for); without the
 * header, the Referer's host decides; without either, nothing shows it came from here. The host
 * is compared, not the scheme: behind a balancer that ends TLS the server sees http.
 */
function postedFromThisSite(request: FastifyRequest): boolean {
  const from = request.headers.origin ?? request.headers.referer;
  if (!from || !URL.canParse(from)) return false;
  return new URL(from).host === request.host;
}

const DevFormBody = z
  .object({
    token: z.string().max(200).default(''),
    team: z.string().max(50),
    entry: z.string().max(2048),
    hours: z.coerce
      .number()
      .int()
      .min(1)
      .max(OVERRIDE_MAX_LIFETIME_SECONDS / 3600)
      .optional()
      .catch(undefined),
  })
  .strip();

/**
 * The developer override's server side: the `fastify.overrides` service (reads the cookie for the
 * page, signs links for the admin API) and the routes under /_dev that set and clear the cookie.
 * The cookie is only ever set from a link the admin API signed or from the form with a personal
 * operator token that may set overrides on the site; clearing needs nothing (a browser may always drop its own override).
 */
export default fp<OverridesOptions>(
  async (fastify, options) => {
    const secret = await installSecret(
      fastify.config,
      'FORECOURT_OVERRIDE_SECRET',
      options.dataDir,
      OVERRIDE_SECRET_NAME,
    );
    const rules = options.rules ?? originRulesFromConfig(fastify.config);
    const clock = options.clock ?? (() => new Date());
    const production = isProduction(fastify.config);

    const service: OverrideService = {
      rules,
      read(request, tenant) {
        const override = verifyOverride(secret, 'cookie', request.cookies[OVERRIDE_COOKIE], nowSeconds(clock), rules);
        return override && override.tenant === tenant.slug ? override : null;
      },
      grant({ tenant, team, entry, lifetimeSeconds = OVERRIDE_DEFAULT_LIFETIME_SECONDS }) {
        const remote = switchedOnTeam(tenant, team);
        if (!remote) throw new RequestValidationError('team', `team: '${team}' is not a remote ${tenant.slug} runs`);
        const checked = checkEntryUrl(entry, rules);
        if (checked.error !== undefined) throw new RequestValidationError('entry', `entry: ${checked.error}`);
        const expiresAt = nowSeconds(clock) + OVERRIDE_GRANT_SECONDS;
        const token = signOverride(secret.current, 'grant', {
          tenant: tenant.slug,
          remotes: { [remote]: checked.url },
          expiresAt,
          lifetimeSeconds: Math.min(lifetimeSeconds, OVERRIDE_MAX_LIFETIME_SECONDS),
        });
        return {
          path: `${OVERRIDE_PATHS.apply}?grant=${encodeURIComponent(token)}`,
          expiresAt: new Date(expiresAt * 1000),
        };
      },
    };
    fastify.decorate('overrides', service);

    /** Sets the cookie: this browser's override for this site, merged with the one it has. */
    const setOverride = (
      request: FastifyRequest,
      reply: FastifyReply,
      tenant: TenantConfig,
      remotes: Override['remotes'],
      lifetimeSeconds: number,
    ) => {
      const current = service.read(request, tenant);
      const expiresAt = nowSeconds(clock) + lifetimeSeconds;
      const value = signOverride(secret.current, 'cookie', {
        tenant: tenant.slug,
        remotes: { ...current?.remotes, ...remotes },
        expiresAt,
      });
      // HttpOnly: no script on the page (a remote's included) can read it or copy it elsewhere.
      // Host-only (no Domain): it belongs to this one site.
      reply.setCookie(OVERRIDE_COOKIE, value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: lifetimeSeconds,
      });
    };

    // The routes in their own scope, so the form parser below is theirs only.
    await fastify.register(
      scoped('override-forms', async (scope: FastifyInstance) => {
        // The dev page and the banner post plain HTML forms (they work without the page's scripts).
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_request, body, done) => {
            done(
              null,
              Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
            );
          },
        );
        scope.addHook('onRequest', async (_request, reply) => {
          // Answers here depend on one browser's cookie or carry a secret link: never cached.
          reply.header('cache-control', 'private, no-store');
        });

        scope.get(OVERRIDE_PATHS.apply, async (request, reply) => {
          const tenant = request.tenant;
          if (!tenant)
            return reply
              .code(404)
              .type('text/html; charset=utf-8')
              .send(renderPlainPage('No dealer site at this address', 'Overrides are set on a dealer site.'));
          const grant = (request.query as { grant?: unknown }).grant;
          const override = verifyOverride(
            secret,
            'grant',
            typeof grant === 'string' ? grant : undefined,
            nowSeconds(clock),
            rules,
          );
          if (!override || override.tenant !== tenant.slug) {
            return reply
              .code(400)
              .type('text/html; charset=utf-8')
              .send(
                renderPlainPage(
                  'This override link does not work',
                  'It has expired (links last 10 minutes), belongs to another site, or was changed. Ask for a new one: npm run forecourt -- override <tenant> <team> <entry URL>.',
                ),
              );
          }
          setOverride(
            request,
            reply,
            tenant,
            override.remotes,
            override.lifetimeSeconds ?? OVERRIDE_DEFAULT_LIFETIME_SECONDS,
          );
          return reply.redirect('/', 303);
        });

        // The dev page: outside production only (production serves no /_dev page). The link above and
        // the Clear button below work in production too: override links are how a developer tries a
        // build on the live site, and a browser must always be able to drop its own override.
        const devPageAllowed = () => !production;

        scope.get(OVERRIDE_PATHS.page, async (request, reply) => {
          const tenant = request.tenant;
          reply.type('text/html; charset=utf-8');
          if (!tenant || !devPageAllowed())
            return reply.code(404).send(renderPlainPage('Not found', 'There is no page at this address.'));
          return reply.send(renderDevPage(tenant, service.read(request, tenant)));
        });

        // A person sets an override a few times an hour; a script guessing tokens gets this far (as the console's sign-in).
        scope.post(
          OVERRIDE_PATHS.page,
          { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
          async (request, reply) => {
            const tenant = request.tenant;
            reply.type('text/html; charset=utf-8');
            if (!tenant || !devPageAllowed())
              return reply.code(404).send(renderPlainPage('Not found', 'There is no page at this address.'));
            const parsed = DevFormBody.safeParse(request.body ?? {});
            if (!parsed.success)
              return reply
                .code(400)
                .send(
                  renderDevPage(
                    tenant,
                    service.read(request, tenant),
                    'Fill in the team, the entry URL and your operator token.',
                  ),
                );
            const body = parsed.data;
            // A personal token whose account may set overrides on this site, as the admin API asks.
            const auth = await fastify.operators.authenticate(body.token.trim());
            const operator = 'operator' in auth ? auth.operator : null;
            const decision = operator ? may(operator, 'override', tenant.slug) : null;
            if (!operator || !decision?.allowed) {
              const reason =
                'refused' in auth ? auth.refused : decision && !decision.allowed ? decision.reason : 'refused';
              const who =
                operator ??
                ('refused' in auth
                  ? {
                      accountId: auth.account?.id ?? null,
                      name: auth.account?.name ?? null,
                      tokenId: auth.tokenId ?? null,
                    }
                  : null);
              const status = operator ? 403 : 401;
              await fastify.operators.audit({
                accountId: who?.accountId ?? null,
                accountName: who?.name ?? null,
                tokenId: who?.tokenId ?? null,
                action: 'override',
                tenant: tenant.slug,
                team: body.team,
                outcome: 'refused',
                reason: `${status}: ${reason} (${OVERRIDE_PATHS.page})`,
              });
              const message = operator
                ? `Not allowed: ${reason}.`
                : 'That operator token does not work (npm start keeps the demo operator’s in the operator-token file of the server’s data folder).';
              return reply.code(status).send(renderDevPage(tenant, service.read(request, tenant), message));
            }
            const remote = switchedOnTeam(tenant, body.team);
            const checked = checkEntryUrl(body.entry.trim(), rules);
            const error = !remote
              ? `'${body.team}' is not a remote this site runs.`
              : checked.error !== undefined
                ? `Not set: ${checked.error}.`
                : null;
            if (error || !remote || checked.error !== undefined)
              return reply.code(400).send(renderDevPage(tenant, service.read(request, tenant), error ?? 'Not set.'));
            setOverride(
              request,
              reply,
              tenant,
              { [remote]: checked.url },
              (body.hours ?? OVERRIDE_DEFAULT_LIFETIME_SECONDS / 3600) * 3600,
            );
            await fastify.operators.audit({
              accountId: operator.accountId,
              accountName: operator.name,
              tokenId: operator.tokenId,
              action: 'override',
              tenant: tenant.slug,
              team: remote,
              outcome: 'allowed',
              after: { entry: checked.url, hours: body.hours ?? OVERRIDE_DEFAULT_LIFETIME_SECONDS / 3600 },
            });
            return reply.redirect('/', 303);
          },
        );

        // Anyone may drop their own browser's override (no token), but only from this site's pages:
        // another site's form must not clear it, nor use the answer to send the browser elsewhere.
        scope.post(OVERRIDE_PATHS.clear, async (request, reply) => {
          if (!postedFromThisSite(request)) {
            return reply
              .code(403)
              .type('text/html; charset=utf-8')
              .send(
                renderPlainPage(
                  'Not cleared',
                  'The override can only be cleared from a page of this site. Use the Clear button on the site.',
                ),
              );
          }
          reply.clearCookie(OVERRIDE_COOKIE, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https',
          });
          const back =
            sameSitePath((request.body as { return?: unknown } | undefined)?.return, requestOrigin(request)) ?? '/';
          return reply.redirect(back, 303);
        });
      }),
    );
  },
  { name: 'overrides', fastify: '5.x', dependencies: ['config', 'tenants', 'identity', 'admin-auth'] },
);

function renderDevPage(tenant: TenantConfig, current: Override | null, error?: string): string {
  const teams = REMOTE_TEAMS.filter((team) => tenant.features[team]);
  const active = current
    ? `<h2>Active in this browser</h2><ul>${Object.entries(current.remotes)
        .map(([team, entry]) => `<li>${escapeHtml(team)} from <code>${escapeHtml(entry)}</code></li>`)
        .join(
          '',
        )}</ul><p>Until ${escapeHtml(new Date(current.expiresAt * 1000).toISOString())}.</p><form method="post" action="${OVERRIDE_PATHS.clear}"><input type="hidden" name="return" value="${OVERRIDE_PATHS.page}"><button type="submit">Clear override</button></form>`
    : '<p>No override is active in this browser.</p>';
  const form = `<h2>Load a local build in this browser</h2>
<form method="post" action="${OVERRIDE_PATHS.page}">
<p><label>Team <select name="team">${teams.map((team) => `<option>${escapeHtml(team)}</option>`).join('')}</select></label></p>
<p><label>Entry URL <input name="entry" type="url" required size="48" placeholder="http://localhost:3001/remoteEntry.js"></label></p>
<p><label>Hours <input name="hours" type="number" min="1" max="${OVERRIDE_MAX_LIFETIME_SECONDS / 3600}" value="${OVERRIDE_DEFAULT_LIFETIME_SECONDS / 3600}"></label></p>
<p><label>Operator token <input name="token" type="password" required autocomplete="off"></label></p>
<p><button type="submit">Set override</button></p>
</form>`;
  return renderPlainPage(
    `Developer override: ${tenant.name}`,
    'Only this browser is affected; shoppers keep the pinned versions.',
    undefined,
  ).replace('</main>', `${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}${active}${form}\n</main>`);
}
