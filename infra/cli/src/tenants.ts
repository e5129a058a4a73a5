import fs from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { TenantConfigs, TenantSettings } from '@forecourt/admin-contract';
import type { AdminMethod } from './admin-client';

type Call = <S extends z.ZodType>(answer: S, method: AdminMethod, route: string, body?: object) => Promise<z.output<S>>;

export class TenantsUsageError extends Error {}

/**
 * `forecourt tenants import|export|create`: tenants are rows; their JSON files are the format they
 * come in and go out as. Import writes each file's tenant through the admin API (created when new,
 * replaced whole when it exists), so every change is validated and audited as the console's are;
 * export writes every row as `<slug>.json`.
 */
export async function tenantsCommand(
  sub: string | undefined,
  args: readonly string[],
  call: Call,
  log: (line: string) => void,
): Promise<void> {
  switch (sub) {
    case 'list': {
      const { tenants } = await call(TenantConfigs, 'GET', '/tenant-configs');
      for (const tenant of tenants)
        log(`${tenant.slug}  revision ${tenant.revision}  ${String(tenant.config.name ?? '')}`);
      return;
    }
    case 'export': {
      const dir = args[0];
      if (!dir) throw new TenantsUsageError('tenants export needs <dir>');
      const { tenants } = await call(TenantConfigs, 'GET', '/tenant-configs');
      await fs.mkdir(dir, { recursive: true });
      for (const tenant of tenants)
        await fs.writeFile(path.join(dir, `${tenant.slug}.json`), `${JSON.stringify(tenant.config, null, 2)}\n`);
      log(`Exported ${tenants.length} tenants to ${dir}.`);
      return;
    }
    case 'import':
    case 'create': {
      const target = args[0];
      if (!target) throw new TenantsUsageError(`tenants ${sub} needs <${sub === 'import' ? 'dir or file' : 'file'}>`);
      const files = (await fs.stat(target)).isDirectory()
        ? (await fs.readdir(target))
            .filter((name) => name.endsWith('.json'))
            .sort()
            .map((name) => path.join(target, name))
        : [target];
      if (files.length === 0) throw new TenantsUsageError(`no *.json in ${target}`);
      const existing =
        sub === 'import'
          ? new Set((await call(TenantConfigs, 'GET', '/tenant-configs')).tenants.map((tenant) => tenant.slug))
          : new Set<string>();
      const failed: string[] = [];
      for (const file of files) {
        let config: Record<string, unknown>;
        try {
          config = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
        } catch (error) {
          failed.push(`${file}: not JSON (${(error as Error).message})`);
          continue;
        }
        const slug = typeof config.slug === 'string' ? config.slug : '';
        try {
          const settings = existing.has(slug)
            ? await call(TenantSettings, 'PUT', `/tenants/${encodeURIComponent(slug)}`, { config })
            : await call(TenantSettings, 'POST', '/tenants', { config });
          log(`${existing.has(slug) ? 'Replaced' : 'Created'} ${settings.tenant} (revision ${settings.revision}).`);
        } catch (error) {
          failed.push(`${path.basename(file)}: ${(error as Error).message}`);
        }
      }
      if (failed.length) throw new Error(`Not written:\n${failed.map((line) => `  ${line}`).join('\n')}`);
      return;
    }
    default:
      throw new TenantsUsageError('tenants needs list, import <dir|file>, create <file> or export <dir>');
  }
}
