import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/load';
import { buildApp } from '../server/app';
import { adminTokenFile, readOrCreateAdminToken } from '../server/plugins/platform/admin-auth';

export interface AdminResponse {
  status: number;
  body: unknown;
}

export interface AdminClient {
  /** Where the calls go, for messages. */
  via: string;
  request(method: 'GET' | 'POST', path: string, body?: object): Promise<AdminResponse>;
  close(): Promise<void>;
}

export async function serverAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1500) });
    return response.status === 200 || response.status === 503;
  } catch {
    return false;
  }
}

/**
 * The running server's admin API when one answers on the port, else the same routes in process
 * through `inject`. PGlite lets one process at a time open a data dir, so a CLI next to a
 * running server must go through it rather than open the database itself.
 */
export async function connectAdmin(dataDir: string, port: number): Promise<AdminClient> {
  if (await serverAnswers(port)) {
    // FORECOURT_ADMIN_TOKEN when set (production), else the running server's data folder's.
    const configured = loadConfig().FORECOURT_ADMIN_TOKEN;
    const token = configured ?? (await fs.readFile(adminTokenFile(dataDir), 'utf8').catch(() => '')).trim();
    const tokenSource = configured ? 'FORECOURT_ADMIN_TOKEN' : adminTokenFile(dataDir);
    if (!token) throw new Error(`A server answers on port ${port} but ${adminTokenFile(dataDir)} is missing: is it using another data dir (FORECOURT_DATA_DIR)?`);
    return {
      via: `the server on port ${port}`,
      async request(method, path, body) {
        const response = await fetch(`http://127.0.0.1:${port}/_admin${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await response.text();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: keep the text for the error message
        }
        if (response.status === 401) {
          throw new Error(`The server on port ${port} refused the admin token from ${tokenSource}: it is using another data dir or another token`);
        }
        return { status: response.status, body: parsed };
      },
      close: async () => {},
    };
  }

  const app: FastifyInstance = await buildApp({ dataDir, teamServers: false });
  await app.ready();
  const token = await readOrCreateAdminToken(dataDir);
  return {
    via: 'an in-process app (no server answered)',
    async request(method, path, body) {
      const response = await app.inject({ method, url: `/_admin${path}`, payload: body, headers: { authorization: `Bearer ${token}` } });
      return { status: response.statusCode, body: response.json() };
    },
    close: () => app.close(),
  };
}
