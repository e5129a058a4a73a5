import fs from 'node:fs/promises';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorAnswer } from '@forecourt/admin-contract';
import { isProduction, loadConfig } from '@forecourt/config/load';
import { ensureDemoOperator, operatorTokenFile } from '@forecourt/domain/operators/demo-operator';

export interface AdminResponse {
  status: number;
  body: unknown;
}

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AdminClient {
  /** Where the calls go, for messages. */
  via: string;
  request(method: AdminMethod, path: string, body?: object): Promise<AdminResponse>;
  close(): Promise<void>;
}

/** The `error` of a refusal, or the answer itself when it is not one of the admin API's. */
function refusalText(body: unknown): string {
  const refusal = ErrorAnswer.safeParse(body);
  return refusal.success ? refusal.data.error : JSON.stringify(body);
}

/**
 * A call's answer, parsed with its schema from the admin API's contract: a refusal (4xx, 5xx)
 * throws the API's own words, and an answer the contract does not describe (a server of another
 * release) throws what differs, never a half-read value.
 */
export async function callAdmin<S extends z.ZodType>(
  client: AdminClient,
  answer: S,
  method: AdminMethod,
  path: string,
  body?: object,
): Promise<z.output<S>> {
  const response = await client.request(method, path, body);
  if (response.status >= 400) throw new Error(refusalText(response.body));
  const parsed = answer.safeParse(response.body);
  if (!parsed.success)
    throw new Error(
      `${method} /_admin${path} answered what this CLI does not expect (${client.via}):\n${z.prettifyError(parsed.error)}`,
    );
  return parsed.data;
}

/**
 * Whether a server holds the port: a TCP connection to it is accepted. Not whether it answers
 * quickly: a server that is starting, or busy on a loaded machine, still holds its data folder,
 * and taking a slow answer for no server sent the command to a database of its own (an in-process
 * app on the same data folder, which knew none of the server's tokens). A refused connection on
 * loopback is answered at once; a connection still pending after `ms` means something is there.
 */
export function serverListens(port: number, ms = 10_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (listens: boolean) => {
      socket.destroy();
      resolve(listens);
    };
    socket.setTimeout(ms, () => done(true));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The caller's personal token: FORECOURT_TOKEN, else the data folder's operator-token (npm start writes it). */
async function personalToken(dataDir: string): Promise<{ token: string; source: string } | null> {
  const configured = loadConfig().FORECOURT_TOKEN;
  if (configured) return { token: configured, source: 'FORECOURT_TOKEN' };
  const saved = (await fs.readFile(operatorTokenFile(dataDir), 'utf8').catch(() => '')).trim();
  return saved ? { token: saved, source: operatorTokenFile(dataDir) } : null;
}

const NO_TOKEN = (dataDir: string) =>
  `No operator token: set FORECOURT_TOKEN to your personal token (forecourt tokens create), or start the demo once (npm start writes ${operatorTokenFile(dataDir)})`;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // not JSON: keep the text for the error message
    return text;
  }
}

/**
 * The running server's admin API when one answers on the port, else the same routes in process
 * through `inject`. PGlite lets one process at a time open a data dir, so a CLI next to a
 * running server must go through it rather than open the database itself. Either way the calls
 * carry the caller's personal token: the audit names who made each change.
 */
export async function connectAdmin(dataDir: string, port: number): Promise<AdminClient> {
  if (await serverListens(port)) {
    const found = await personalToken(dataDir);
    if (!found) throw new Error(`A server answers on port ${port}, but: ${NO_TOKEN(dataDir)}`);
    return {
      via: `the server on port ${port}`,
      async request(method, path, body) {
        const response = await fetch(`http://127.0.0.1:${port}/_admin${path}`, {
          method,
          headers: { authorization: `Bearer ${found.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        const answer = parsed(await response.text());
        if (response.status === 401)
          throw new Error(`The server on port ${port} refused the token from ${found.source}: ${refusalText(answer)}`);
        return { status: response.status, body: answer };
      },
      close: async () => {},
    };
  }

  // Loaded here only: a call to a running server needs none of it.
  const { buildApp } = await import('@forecourt/server/app');
  const app: FastifyInstance = await buildApp({ dataDir, teamServers: false });
  await app.ready();
  try {
    // In process the database is at hand: the demo's operator is made here too when the CLI
    // runs before the first npm start. Production has no demo operator.
    const found =
      (await personalToken(dataDir))?.token ??
      (isProduction(loadConfig()) ? null : await ensureDemoOperator(app.operators, dataDir));
    if (!found) throw new Error(NO_TOKEN(dataDir));
    return {
      via: 'an in-process app (no server answered)',
      async request(method, path, body) {
        const response = await app.inject({
          method,
          url: `/_admin${path}`,
          payload: body,
          headers: { authorization: `Bearer ${found}` },
        });
        const answer = parsed(response.body);
        if (response.statusCode === 401) throw new Error(`The admin API refused the token: ${refusalText(answer)}`);
        return { status: response.statusCode, body: answer };
      },
      close: () => app.close(),
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}
