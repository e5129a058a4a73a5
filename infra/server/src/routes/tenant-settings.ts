import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  HoursChange,
  OPERATOR_SECTIONS,
  SectionChange,
  TenantBody,
  TenantConfigs,
  TenantSectionName,
  TenantSettings,
  type TenantProblems,
} from '@forecourt/admin-contract';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { scoped } from '@forecourt/shared-config/server';
import { TenantChangeError, TenantService, type TenantView } from '@forecourt/domain/tenants/tenant-service';
import { jsonOf } from '@forecourt/runtime/json';

const TenantParams = z.object({ tenant: z.string().min(1).max(100) }).strict();
const SectionParams = TenantParams.extend({ section: TenantSectionName }).strict();
/** Sections whose switches are in the cars' search records (the site's lender, how long sold cars show). */
const RECORD_SECTIONS: readonly string[] = ['finance', 'search'];
const HoursParams = TenantParams.extend({ location: z.string().min(1).max(200) }).strict();

/**
 * Tenants' settings, under the admin routes' hooks (the console's editor and `forecourt
 * tenants`). Every change is validated against the tenant schema as a whole, audited with what it
 * found and left, and read by this instance before it answers; the other instances hear it from
 * the database (the tenants plugin). A refused change names every field at fault.
 */
async function tenantSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const service = new TenantService(fastify.database.db);
  const callerOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('an admin route ran without an authenticated caller');
    return request.operator;
  };

  const settingsOf = async (view: TenantView) =>
    jsonOf({
      tenant: view.row.slug,
      revision: view.row.revision,
      updatedAt: view.row.updatedAt.toISOString(),
      updatedBy: view.row.updatedBy,
      config: view.config,
      locations: await service.locationHours(view.row.slug),
    }) satisfies z.input<typeof TenantSettings>;

  /** The change's answer, or its refusal: 400 naming the fields, 404, 409 on a stale form. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    audit: { action: string; tenant: string; before: unknown },
    change: () => Promise<TenantView>,
    options: { audited?: boolean; status?: number; indexed?: boolean } = {},
  ) => {
    try {
      const view = await change();
      if (options.audited !== false) {
        await fastify.auditAdmin(request, {
          action: audit.action,
          tenant: audit.tenant,
          outcome: 'allowed',
          before: audit.before,
          after: { revision: view.row.revision, ...(request.body as object) },
        });
        await fastify.tenantSync.reload(view.row.slug);
      }
      if (options.indexed)
        void fastify.stockIndex
          .tenantChanged(view.row.slug)
          .catch((error: unknown) =>
            request.log.error({ err: error, tenant: view.row.slug }, "the tenant's cars could not be indexed again"),
          );
      return reply
        .code(options.status ?? 200)
        .header('cache-control', 'no-store')
        .send(await settingsOf(view));
    } catch (error) {
      if (!(error instanceof TenantChangeError)) throw error;
      if (error.code === 'unknown') return reply.code(404).send({ error: error.message, field: error.field });
      if (error.code === 'stale' || error.code === 'exists')
        return reply.code(409).send({ error: error.message, field: error.field });
      return reply
        .code(400)
        .send({ error: error.message, field: error.field, problems: error.problems } satisfies TenantProblems);
    }
  };

  const current = async (slug: string) => {
    try {
      return await service.get(slug);
    } catch (error) {
      if (error instanceof TenantChangeError && error.code === 'unknown') return null;
      throw error;
    }
  };

  fastify.get(
    '/tenants/:tenant/settings',
    { config: { permission: { action: 'tenant-settings', on: 'tenant' } } },
    async (request, reply) => {
      const { tenant } = parseInput(TenantParams, request.params, 'params');
      const view = await current(tenant);
      if (!view) return reply.code(404).send({ error: `tenant: no tenant '${tenant}'`, field: 'tenant' });
      return reply.header('cache-control', 'no-store').send(await settingsOf(view));
    },
  );

  fastify.put(
    '/tenants/:tenant/settings/:section',
    { config: { permission: { action: 'tenant-settings', on: 'tenant' } } },
    async (request, reply) => {
      const { tenant, section } = parseInput(SectionParams, request.params, 'params');
      const body = parseInput(SectionChange, request.body ?? null, 'body');
      const caller = callerOf(request);
      // A domain pointed at the wrong tenant serves one dealer's site on another's name.
      if (OPERATOR_SECTIONS.includes(section) && caller.role !== 'operator')
        return fastify.refuseAdmin(
          request,
          reply,
          `${caller.name} (${caller.role}): the ${section} section (name, kind, domains, brands, garage, private settings) is the platform operators'`,
        );
      const before = await current(tenant);
      return answer(
        request,
        reply,
        { action: `tenant-settings:${section}`, tenant, before: before ? { revision: before.row.revision } : null },
        () =>
          service.changeSection({
            slug: tenant,
            section,
            value: body.value,
            revision: body.revision,
            by: caller.name,
            preview: body.preview,
          }),
        { audited: !body.preview, indexed: !body.preview && RECORD_SECTIONS.includes(section) },
      );
    },
  );

  fastify.put(
    '/tenants/:tenant/hours/:location',
    { config: { permission: { action: 'tenant-settings', on: 'tenant' } } },
    async (request, reply) => {
      const { tenant, location } = parseInput(HoursParams, request.params, 'params');
      const body = parseInput(HoursChange, request.body ?? null, 'body');
      const before = await current(tenant);
      return answer(
        request,
        reply,
        {
          action: 'tenant-settings:hours',
          tenant,
          before: before
            ? {
                revision: before.row.revision,
                location,
                hours:
                  (await service.locationHours(tenant)).find((entry) => entry.slug === location)?.hours[body.type] ??
                  null,
              }
            : null,
        },
        () =>
          service.changeHours({
            slug: tenant,
            location,
            type: body.type,
            days: body.days,
            revision: body.revision,
            by: callerOf(request).name,
          }),
      );
    },
  );

  fastify.post(
    '/tenants',
    { config: { permission: { action: 'tenants', on: 'platform' } } },
    async (request, reply) => {
      const body = parseInput(TenantBody, request.body ?? null, 'body');
      const slug = typeof body.config.slug === 'string' ? body.config.slug : '(none)';
      return answer(
        request,
        reply,
        { action: 'tenant-create', tenant: slug, before: null },
        () => service.create(body.config, callerOf(request).name),
        { status: 201 },
      );
    },
  );

  fastify.put(
    '/tenants/:tenant',
    { config: { permission: { action: 'tenants', on: 'platform' } } },
    async (request, reply) => {
      const { tenant } = parseInput(TenantParams, request.params, 'params');
      const body = parseInput(TenantBody, request.body ?? null, 'body');
      const before = await current(tenant);
      return answer(
        request,
        reply,
        { action: 'tenant-replace', tenant, before: before ? { revision: before.row.revision } : null },
        () => service.replace(tenant, body.config, callerOf(request).name),
        { indexed: true },
      );
    },
  );

  fastify.get(
    '/tenant-configs',
    { config: { permission: { action: 'tenants', on: 'platform' } } },
    async (_request, reply) => {
      const rows = await service.export();
      return reply.header('cache-control', 'no-store').send({
        tenants: rows.map((row) => ({
          slug: row.slug,
          revision: row.revision,
          config: row.config as Record<string, unknown>,
        })),
      } satisfies z.input<typeof TenantConfigs>);
    },
  );
}

export default scoped('routes-tenant-settings', tenantSettingsRoutes);
