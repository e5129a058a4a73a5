import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { openDatabase, type Database } from '@forecourt/data/database';
import { timedStep } from '@forecourt/releases/builds/builds';
import { prepareSite } from '@forecourt/cli/prepare-site';
import { operatorTokenFile } from '@forecourt/domain/operators/demo-operator';
import { INFRA_ROOT, REPO_ROOT } from '@forecourt/config/paths';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { SERVER_NODE_FLAGS } from '@forecourt/config/server-settings';
import { startCrmStub, type CrmStub } from '@forecourt/test-kit/crm-stub';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { startTestObjectStorage, type TestObjectStorage } from '@forecourt/test-kit/object-storage-server';
import { exited, freePort } from '@forecourt/test-kit/server-process';
import { emptyPostgresDatabase, postgresAdmin } from '@forecourt/test-kit/test-database';
import { balancerConfig, haproxyBinary, selfSignedCertificate } from './haproxy';

/** What the cluster prints as it goes (each step of the start, and processes that stop on their own). */
export type Log = (line: string) => void;

/** One process of the cluster, which a drill may stop (any signal) and start again on the same port. */
export interface ClusterProcess {
  readonly name: string;
  readonly port: number;
  readonly pid: number | undefined;
  /** Sends `signal` and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /**
   * Starts it (again, after a stop) and waits until it is ready; `entry` runs another script in
   * place of its own (a web instance from the next release's bundle).
   */
  start(options?: { entry?: string }): Promise<void>;
}

export interface Cluster {
  /** The balancer's TLS origin; a tenant is reached as https://{slug}.localhost:{port}. */
  httpsPort: number;
  httpPort: number;
  /** The balancer's self-signed certificate, for clients that pin it. */
  certificate: string;
  web: ClusterProcess[];
  search: ClusterProcess;
  balancer: ClusterProcess;
  /** The cluster's own Redis (null: it uses REDIS_URL's, which the drills do not stop). */
  redis: ClusterProcess | null;
  /** The database every process shares, opened by the cluster itself (the drills read it). */
  database: Database;
  databaseUrl: string;
  /** The environment each web instance runs with (the CLI run with it reaches the same cluster). */
  webEnv: Record<string, string>;
  /** The demo operator's personal token, which the admin API takes (the shared token only made the first operator). */
  operatorToken: string;
  crm: CrmStub;
  close(): Promise<void>;
}

export interface ClusterOptions {
  log?: Log;
  /** Web instances behind the balancer (default 2). */
  instances?: number;
  /** The balancer's TLS port (default: a free one). */
  httpsPort?: number;
  /** Run webpack for teams whose build is missing (default true). */
  build?: boolean;
  /** Settings of the web instances' own, over the cluster's (a test's time budgets). */
  webEnv?: Record<string, string>;
}

const run = promisify(execFile);

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  child: ChildProcess | null,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} while starting`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
}

const answers200 = (url: string) => async () =>
  (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200;

/**
 * A child process of the cluster: its output is prefixed with its name (stderr always, stdout
 * when `verbose`), and an exit nobody asked for is printed.
 */
function managedProcess(options: {
  name: string;
  port: number;
  command: string;
  args: string[];
  env: Record<string, string>;
  ready: () => Promise<boolean>;
  log: Log;
}): ClusterProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  let args = options.args;
  const launch = () => {
    stopping = false;
    const started = spawn(options.command, args, {
      cwd: INFRA_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter((line) => line.trim())
        .forEach((line) => options.log(`  [${options.name}] ${line}`));
    started.stderr?.on('data', prefix);
    // stdout carries JSON logs at warn and above only (LOG_LEVEL=warn): worth seeing.
    started.stdout?.on('data', prefix);
    started.on('exit', (code, signal) => {
      if (!stopping) options.log(`  [${options.name}] exited on its own (${signal ?? `code ${code}`})`);
    });
    child = started;
    return started;
  };
  return {
    name: options.name,
    port: options.port,
    get pid() {
      return child?.pid;
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill(signal);
      await exited(child);
    },
    async start(restart?: { entry?: string }) {
      if (restart?.entry) args = [restart.entry, ...options.args.slice(1)];
      const started = launch();
      await waitFor(options.name, options.ready, started);
    },
  };
}

const secret = () => randomBytes(24).toString('hex');

/**
 * The production topology on this machine: PostgreSQL (a database of its own on the server
 * DATABASE_URL names, or the local server), Redis (REDIS_URL or the local one, in a database
 * number of its own, emptied first), an S3-protocol server, one search service, N web instances
 * of the compiled server (`infra/dist`, plain node, NODE_ENV=production) and HAProxy with TLS and
 * active health checks in front. Deployment steps run first, as a release would run them:
 * bundle, `forecourt migrate`, then (the demo's own step) seed, publish to the bucket and pin.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? console.log;
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => log(`  cleanup: ${String(error)}`));
  };
  const step = timedStep(log);

  try {
    const haproxy = haproxyBinary();
    if (!haproxy)
      throw new Error("HAProxy is not installed: 'apt-get install -y haproxy' (Debian's package) puts it in /usr/sbin");
    const work = await tempDir('forecourt-cluster-');
    cleanups.push(() => fs.rm(work, { recursive: true, force: true }));

    await step('Bundle the server (infra/dist)', () =>
      run(process.execPath, [path.join(INFRA_ROOT, 'scripts', 'bundle-server.mjs')], { cwd: INFRA_ROOT }),
    );

    // PostgreSQL: a database of the cluster's own, dropped at the end.
    process.env.DATABASE_URL ||= 'postgres://root@127.0.0.1:5432/test';
    // Production's two roles: the tables' owner migrates (and seeds, an operator's step), and the
    // web instances and the search service log in as a role that owns nothing, granted by
    // `forecourt migrate` (DATABASE_APP_ROLE). Roles are the server's, not the database's: one of
    // the cluster's own, dropped after its database (cleanups run last first).
    const appRole = `forecourt_app_${process.pid}_${randomBytes(3).toString('hex')}`;
    await step(`PostgreSQL: the application's role ${appRole}`, () => postgresAdmin(`create role ${appRole} login`));
    cleanups.push(() => postgresAdmin(`drop role if exists ${appRole}`));
    const own = await step('PostgreSQL: a database of its own', () => emptyPostgresDatabase('forecourt_cluster'));
    cleanups.push(() => own.drop());
    log(`  ${own.name}`);
    const appUrl = new URL(own.url);
    appUrl.username = appRole;
    appUrl.password = '';

    // Redis: a server of the cluster's own when Debian's redis-server is installed (the drills stop
    // and start it), else REDIS_URL's (default the local one) in database 7, emptied first.
    let redis: ClusterProcess | null = null;
    let redisUrl: string;
    const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((candidate) =>
      existsSync(candidate),
    );
    if (redisServer) {
      const port = await freePort();
      redisUrl = `redis://127.0.0.1:${port}`;
      redis = managedProcess({
        name: 'redis',
        port,
        command: redisServer,
        args: [
          '--bind',
          '127.0.0.1',
          '--port',
          String(port),
          '--save',
          '',
          '--appendonly',
          'no',
          '--loglevel',
          'warning',
        ],
        env: {},
        ready: () => redisAnswers(port),
        log,
      });
      cleanups.push(() => redis!.stop('SIGTERM'));
      await step(`Redis on 127.0.0.1:${port}`, () => redis!.start());
    } else {
      const redisBase = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
      redisBase.pathname = '/7';
      redisUrl = redisBase.toString();
      await step('Redis: database 7, emptied', async () => {
        const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
        await client.connect();
        await client.flushdb();
        client.disconnect();
      });
    }

    const storage: TestObjectStorage = await step('Object storage (an S3-protocol server)', () =>
      startTestObjectStorage(),
    );
    cleanups.push(() => storage.close());
    const crm = await startCrmStub();
    cleanups.push(() => crm.close());

    const adminToken = secret();
    const searchKeys = { SEARCH_APP_ID: 'FORECOURT', SEARCH_ADMIN_KEY: secret(), SEARCH_SEARCH_KEY: secret() };
    const buildsEnv = {
      FORECOURT_BUILDS_BUCKET: storage.settings.bucket,
      FORECOURT_BUILDS_ENDPOINT: storage.settings.endpoint!,
      FORECOURT_BUILDS_REGION: storage.settings.region!,
      FORECOURT_BUILDS_ACCESS_KEY_ID: storage.settings.accessKeyId!,
      FORECOURT_BUILDS_SECRET_ACCESS_KEY: storage.settings.secretAccessKey!,
      FORECOURT_BUILDS_FORCE_PATH_STYLE: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };

    await step('forecourt migrate (as the owner)', () =>
      run(process.execPath, [path.join(INFRA_ROOT, 'dist', 'cli.js'), 'migrate'], {
        cwd: INFRA_ROOT,
        env: { ...process.env, DATABASE_URL: own.url, DATABASE_APP_ROLE: appRole },
      }),
    );

    const database = await openDatabase({ databaseUrl: own.url });
    cleanups.push(() => database.close());
    const tenants = await loadTenants();
    await step('Seed demo stock, publish every team to the bucket, pin', async () => {
      const saved = { ...process.env };
      Object.assign(process.env, buildsEnv);
      try {
        await prepareSite({
          repoRoot: REPO_ROOT,
          dataDir: work,
          database,
          tenants,
          log: (line) => log(`  ${line}`),
          build: options.build ?? true,
        });
      } finally {
        for (const name of Object.keys(buildsEnv)) if (saved[name] === undefined) delete process.env[name];
      }
    });
    // The start-up's demo operator (prepareSite), whose token the journeys change pins with.
    const operatorToken = (await fs.readFile(operatorTokenFile(work), 'utf8')).trim();

    const searchPort = await freePort();
    const search = managedProcess({
      name: 'search',
      port: searchPort,
      command: process.execPath,
      args: [path.join(INFRA_ROOT, 'dist', 'cli.js'), 'search-service'],
      env: {
        ...searchKeys,
        DATABASE_URL: appUrl.toString(),
        SEARCH_SERVICE_HOST: '127.0.0.1',
        SEARCH_SERVICE_PORT: String(searchPort),
        SEARCH_SERVICE_DATA_DIR: path.join(work, 'search-service'),
        LOG_LEVEL: 'warn',
      },
      ready: answers200(`http://127.0.0.1:${searchPort}/api/ready`),
      log,
    });
    cleanups.push(() => search.stop('SIGTERM'));
    await step(`Search service on 127.0.0.1:${searchPort}`, () => search.start());

    const webEnv: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: appUrl.toString(),
      REDIS_URL: redisUrl,
      ...buildsEnv,
      ...searchKeys,
      SEARCH_HOSTS: `http://127.0.0.1:${searchPort}`,
      FORECOURT_IDENTITY_SECRET: secret(),
      FORECOURT_OVERRIDE_SECRET: secret(),
      FORECOURT_ADMIN_TOKEN: adminToken,
      FORECOURT_TRUSTED_PROXIES: '127.0.0.1',
      // Longer than the balancer takes to see /api/ready fail (3 checks 500 ms apart).
      FORECOURT_SHUTDOWN_DRAIN_MS: '2500',
      FORECOURT_LEAD_DELIVERY_MS: '1000',
      FORECOURT_PAYMENTS: 'simulator',
      FORECOURT_SMS: 'simulator',
      FORECOURT_FINANCE_PARTNER: 'simulator',
      FORECOURT_GEOCODING: 'simulator',
      FORECOURT_CRM: 'http',
      FORECOURT_CRM_WEBHOOK_URL: crm.url,
      FORECOURT_CRM_WEBHOOK_SECRET: crm.secret,
      // The drills' load is many shoppers sent from one address (this machine's, through the
      // balancer): paced as one shopper, its search pages would be refused.
      FORECOURT_QUERY_PAGES_PER_SECOND: '1000',
      FORECOURT_QUERY_PAGES_BURST: '1000',
      ...options.webEnv,
    };
    const web: ClusterProcess[] = [];
    for (let i = 1; i <= (options.instances ?? 2); i++) {
      const port = await freePort();
      const name = `web-${i}`;
      const dataDir = path.join(work, name);
      await fs.mkdir(dataDir, { recursive: true });
      const instance = managedProcess({
        name,
        port,
        command: process.execPath,
        args: [...SERVER_NODE_FLAGS, path.join(INFRA_ROOT, 'dist', 'serve.js')],
        env: { ...webEnv, PORT: String(port), FORECOURT_INSTANCE_NAME: name, FORECOURT_DATA_DIR: dataDir },
        ready: answers200(`http://127.0.0.1:${port}/api/ready`),
        log,
      });
      cleanups.push(() => instance.stop('SIGTERM'));
      web.push(instance);
    }
    await step(`Web instances (${web.map((w) => `${w.name} on 127.0.0.1:${w.port}`).join(', ')})`, () =>
      Promise.all(web.map((w) => w.start())),
    );

    const httpsPort = options.httpsPort ?? (await freePort());
    const httpPort = await freePort();
    const { pemPath, certificate } = await selfSignedCertificate(work);
    const configPath = path.join(work, 'haproxy.cfg');
    await fs.writeFile(
      configPath,
      balancerConfig({
        httpsPort,
        httpPort,
        pemPath,
        web: web.map((w) => ({ name: w.name, port: w.port })),
        search: { name: 'search', port: searchPort },
      }),
    );
    const balancer = managedProcess({
      name: 'haproxy',
      port: httpsPort,
      command: haproxy,
      // -db: stay in the foreground, so Ctrl+C and the drills' signals reach it.
      args: ['-db', '-f', configPath],
      env: {},
      ready: async () => {
        // Ready once both the TLS port answers and every web instance passed its first check.
        const { status } = await httpsGet(httpsPort, certificate, '/api/ready');
        return status === 200;
      },
      log,
    });
    cleanups.push(() => balancer.stop('SIGTERM'));
    await step(`HAProxy on https://127.0.0.1:${httpsPort} (TLS, health checks on /api/ready)`, () => balancer.start());

    return {
      httpsPort,
      httpPort,
      certificate,
      web,
      search,
      balancer,
      redis,
      database,
      databaseUrl: own.url,
      webEnv,
      operatorToken,
      crm,
      close: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Whether a Redis answers PING on the port. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => (socket.destroy(), resolve(data.toString().startsWith('+PONG'))));
    socket.on('error', () => resolve(false));
  });
}

/** One GET through the balancer's TLS port with the cluster's certificate pinned. */
function httpsGet(port: number, certificate: string, pathname: string): Promise<{ status: number }> {
  return import('node:https').then(
    (https) =>
      new Promise((resolve, reject) => {
        const request = https.request(
          {
            host: '127.0.0.1',
            port,
            path: pathname,
            ca: certificate,
            servername: 'localhost',
            timeout: 2000,
            agent: false,
          },
          (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0 });
          },
        );
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.on('error', reject);
        request.end();
      }),
  );
}

/** Whether the machine can run the cluster at all (the test command skips it, saying why, when not). */
export function clusterPrerequisites(): string[] {
  const missing: string[] = [];
  if (!haproxyBinary()) missing.push('HAProxy (apt-get install -y haproxy)');
  if (!existsSync('/usr/bin/openssl')) missing.push('openssl');
  return missing;
}
