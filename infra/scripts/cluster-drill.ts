/**
 * `npm run cluster:drill -- <drill> [--rate N] [--seconds N]`: the production drills
 * (docs/deploy.md, "Drills"), each on a fresh local cluster (`npm run cluster`) under a bounded,
 * measured load through HAProxy (infra/tools/src/cluster/load.ts). Each prints its figures and exits
 * non-zero when its goal is missed.
 *
 *   failover        offered 70% of the capacity it measures first (10 s past what the machine
 *                   can answer; --rate sets a rate instead): at 10 s web-1 gets SIGKILL and is
 *                   started again; at 25 s web-2 gets SIGTERM and is started again; at 40 s the
 *                   search service gets SIGKILL and is started again. Goals: failures at most those in flight at the SIGKILL, none at the
 *                   SIGTERM; every acknowledged lead stored and delivered exactly once; search
 *                   agrees with PostgreSQL within 5 s of the search service's kill; at least
 *                   95% of the offered requests answered.
 *   redis-down      Redis is stopped for 30 s (from 10 s). Goals: no page or search 5xx, every
 *                   one-time-code send refused with 503 (fails closed), no request over 2 s.
 *   search-down     the search service is stopped for 30 s (from 10 s). Goals: no page or search
 *                   page 5xx (search pages are sent without their first paint), no request over
 *                   2 s, leads stored and delivered exactly once.
 *   rolling-deploy  the web instances are replaced one at a time by instances of another build
 *                   (--next <dir>, a bundle folder; default: the bundle rebuilt from this
 *                   checkout), each drained with SIGTERM first. Goal: 0 failed requests.
 *   throughput      the most the balancer serves with one web instance and with two, each for
 *                   --seconds at a rate past what the machine can answer.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster, type Cluster } from '@forecourt/tools/cluster/cluster';
import { checkLeads, describeLoad, startLoad, type Load } from '@forecourt/tools/cluster/load';
import { loadTenantStock } from '@forecourt/data/stock';
import { INFRA_ROOT } from '@forecourt/config/paths';
import { CARS_INDEX } from '@forecourt/search-service/indexing/records';

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: { seconds: { type: 'string' }, rate: { type: 'string' }, next: { type: 'string' } },
});
const DRILL = positionals[0] ?? '';
const SITE = 'harbourside-motors';

const rssMb = async (pid: number | undefined) => {
  const status = pid ? await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '') : '';
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
};

const sleepUntil = (started: number, seconds: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, started + seconds * 1000 - Date.now())));

/** Every car's reserved flag as the search service holds it (the admin key, straight to the service). */
async function reservedInSearch(cluster: Cluster): Promise<Map<string, boolean>> {
  const found = new Map<string, boolean>();
  for (let page = 0; page < 10; page++) {
    const response = await fetch(`http://127.0.0.1:${cluster.search.port}/1/indexes/${CARS_INDEX}/query`, {
      method: 'POST',
      headers: {
        'x-algolia-application-id': cluster.webEnv.SEARCH_APP_ID!,
        'x-algolia-api-key': cluster.webEnv.SEARCH_ADMIN_KEY!,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        params: `hitsPerPage=1000&page=${page}&attributesToRetrieve=${encodeURIComponent('["reserved"]')}`,
      }),
      signal: AbortSignal.timeout(2000),
    });
    if (!response.ok) throw new Error(`search answered ${response.status}`);
    const result = (await response.json()) as { hits: Array<{ objectID: string; reserved: boolean }>; nbPages: number };
    for (const hit of result.hits) found.set(hit.objectID, hit.reserved);
    if (page + 1 >= result.nbPages) break;
  }
  return found;
}

/** Milliseconds from `since` until every shown car's reserved flag in search matches PostgreSQL (null: not within 30 s). */
async function searchAgrees(cluster: Cluster, since: number): Promise<number | null> {
  while (Date.now() - since < 30_000) {
    const inDatabase = (await loadTenantStock(cluster.database.db, SITE)).cars.filter((c) => c.show_on_dealer_website);
    const inSearch = await reservedInSearch(cluster).catch(() => new Map<string, boolean>());
    if (inDatabase.every((car) => inSearch.get(car.id) === Boolean(car.reserved))) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

const failed = (load: Load, from = 0, to = Infinity, kinds?: string[]) =>
  load.outcomes.filter(
    (o) => (o.status === 0 || o.status >= 500) && o.at >= from && o.at < to && (!kinds || kinds.includes(o.kind)),
  );

interface Result {
  ok: boolean;
  lines: string[];
}

/** Requests answered a second (any status under 500) when both instances get more than they can take for `seconds`. */
async function capacity(cluster: Cluster, seconds: number, rate = 400): Promise<number> {
  const load = await startLoad(cluster, { rate, seconds });
  await load.done;
  return load.outcomes.filter((o) => o.status > 0 && o.status < 500).length / seconds;
}

/** Share of the measured capacity the failover drill offers: room for one instance's restart. */
const FAILOVER_SHARE = 0.7;
/** The least share of offered requests the failover drill must see answered. */
const FAILOVER_ANSWERED = 0.95;

async function failover(cluster: Cluster): Promise<Result> {
  const lines: string[] = [];
  // The rate follows the machine: a constant set on a fast machine overloads a slower one, and
  // the drill then measures the overload, not the failover.
  let rate = Number(args.rate);
  if (!args.rate) {
    const measured = await capacity(cluster, 10);
    rate = Math.max(10, Math.round(measured * FAILOVER_SHARE));
    lines.push(
      `  capacity: ${measured.toFixed(1)} answered req/s with both instances (10 s at 400/s offered); failover offers ${FAILOVER_SHARE * 100}%: ${rate} req/s`,
    );
  } else {
    lines.push(`  rate: ${rate} req/s (--rate)`);
  }
  const seconds = Number(args.seconds ?? 70);
  const load = await startLoad(cluster, { rate, seconds });
  const mark = (what: string) =>
    lines.push(`  ${((Date.now() - load.started) / 1000).toFixed(1)} s  ${what} (${load.inFlight} requests in flight)`);
  const rss = { web: await rssMb(cluster.web[0]!.pid), search: await rssMb(cluster.search.pid) };

  await sleepUntil(load.started, 10);
  const killAt = Date.now() - load.started;
  const inFlightAtKill = load.inFlight;
  mark('SIGKILL web-1');
  await cluster.web[0]!.stop('SIGKILL');
  await cluster.web[0]!.start();
  mark('web-1 ready again');

  await sleepUntil(load.started, 25);
  const termAt = Date.now() - load.started;
  mark('SIGTERM web-2');
  await cluster.web[1]!.stop('SIGTERM');
  await cluster.web[1]!.start();
  mark('web-2 ready again');

  await sleepUntil(load.started, 40);
  mark('SIGKILL search service');
  await cluster.search.stop('SIGKILL');
  const searchKilled = Date.now();
  await cluster.search.start();
  const agreed = await searchAgrees(cluster, searchKilled);
  mark(
    agreed === null
      ? 'search still differs from PostgreSQL 30 s after the kill'
      : `search agrees with PostgreSQL, ${agreed} ms after the kill`,
  );

  await load.done;
  // One instance killed: at most the one lead it was sending is sent again.
  const leads = await checkLeads(cluster, load, { allowedRepeats: 1 });
  const atKill = failed(load, killAt - 2000, killAt + 2000);
  const atTerm = failed(load, termAt - 1000, termAt + 10_000);
  const all = failed(load);
  const offered = Math.round(rate * seconds);
  const answered = load.outcomes.filter((o) => o.status > 0 && o.status < 500).length;
  lines.splice(1, 0, ...describeLoad(load, (Date.now() - load.started) / 1000));
  lines.push(
    `  answered: ${answered} of ${offered} offered (${((100 * answered) / offered).toFixed(1)}%; goal at least ${FAILOVER_ANSWERED * 100}%)`,
    `  failed requests (5xx or no answer): ${all.length}; within 2 s of the SIGKILL: ${atKill.length} (${inFlightAtKill} were in flight); after the SIGTERM: ${atTerm.length}`,
    ...all.slice(0, 20).map((o) => `    at ${(o.at / 1000).toFixed(2)} s ${o.kind} ${o.status} ${o.error ?? ''}`),
    `  ${leads.line}`,
    `  RSS before the kills: web-1 ${rss.web} MB, search service ${rss.search} MB`,
  );
  return {
    ok:
      answered >= FAILOVER_ANSWERED * offered &&
      atKill.length <= inFlightAtKill &&
      atTerm.length === 0 &&
      all.length === atKill.length &&
      leads.ok &&
      agreed !== null &&
      agreed <= 5000,
    lines,
  };
}

/** A shared service stopped for 30 s under load: pages keep answering, quickly. */
async function outage(cluster: Cluster, service: 'redis' | 'search'): Promise<Result> {
  const target = service === 'redis' ? cluster.redis : cluster.search;
  if (!target)
    return { ok: false, lines: ['  the cluster uses a Redis it does not run (no redis-server here): nothing to stop'] };
  const load = await startLoad(cluster, {
    rate: Number(args.rate ?? 40),
    seconds: Number(args.seconds ?? 50),
    codes: service === 'redis',
  });
  const lines: string[] = [];
  await sleepUntil(load.started, 10);
  const downAt = Date.now() - load.started;
  lines.push(`  ${(downAt / 1000).toFixed(1)} s  ${service} stopped`);
  await target.stop('SIGKILL');
  await sleepUntil(load.started, 40);
  const upAt = Date.now() - load.started;
  await target.start();
  lines.push(
    `  ${(upAt / 1000).toFixed(1)} s  ${service} started again (ready after ${((Date.now() - load.started - upAt) / 1000).toFixed(1)} s)`,
  );
  await load.done;
  const during = load.outcomes.filter((o) => o.at >= downAt && o.at < upAt);
  const shopperFailures = failed(load, 0, Infinity, ['page', 'search', 'lead']);
  const slow = during.filter((o) => o.ms > 2000);
  const codes = during.filter((o) => o.kind === 'code');
  const codesRefused = codes.filter((o) => o.status === 503).length;
  const leads = await checkLeads(cluster, load);
  lines.unshift(...describeLoad(load, (Date.now() - load.started) / 1000));
  lines.push(
    `  during the outage: ${during.length} requests; page, search-page and lead 5xx or no answer: ${shopperFailures.length}; over 2 s: ${slow.length} (slowest ${Math.max(0, ...during.map((o) => o.ms))} ms)`,
    ...shopperFailures
      .slice(0, 10)
      .map((o) => `    at ${(o.at / 1000).toFixed(2)} s ${o.kind} ${o.status} ${o.error ?? ''}`),
    ...(service === 'redis'
      ? [`  one-time-code sends during the outage: ${codes.length}, refused with 503: ${codesRefused}`]
      : []),
    `  ${leads.line}`,
  );
  return {
    ok:
      shopperFailures.length === 0 &&
      slow.length === 0 &&
      leads.ok &&
      (service !== 'redis' || codesRefused === codes.length),
    lines,
  };
}

async function rollingDeploy(cluster: Cluster): Promise<Result> {
  // The next release's bundle: --next, or this checkout's copied beside the running one
  // (infra/dist-next), where it finds the same node_modules, tenants and content a release has.
  const next = args.next ? path.resolve(args.next) : path.join(INFRA_ROOT, 'dist-next');
  if (!args.next) {
    await fs.rm(next, { recursive: true, force: true });
    await fs.cp(path.join(INFRA_ROOT, 'dist'), next, { recursive: true });
  }
  const load = await startLoad(cluster, { rate: Number(args.rate ?? 60), seconds: Number(args.seconds ?? 40) });
  const lines: string[] = [];
  for (const [i, instance] of cluster.web.entries()) {
    await sleepUntil(load.started, 10 + i * 10);
    lines.push(
      `  ${((Date.now() - load.started) / 1000).toFixed(1)} s  ${instance.name}: SIGTERM, drained, started from ${path.relative(process.cwd(), next) || next}`,
    );
    await instance.stop('SIGTERM');
    await instance.start({ entry: path.join(next, 'serve.js') });
    lines.push(`  ${((Date.now() - load.started) / 1000).toFixed(1)} s  ${instance.name} ready on the next release`);
  }
  await load.done;
  const all = failed(load);
  const leads = await checkLeads(cluster, load);
  lines.unshift(...describeLoad(load, (Date.now() - load.started) / 1000));
  lines.push(
    `  failed requests: ${all.length}`,
    ...all.slice(0, 10).map((o) => `    at ${(o.at / 1000).toFixed(2)} s ${o.kind} ${o.status} ${o.error ?? ''}`),
    `  ${leads.line}`,
  );
  return { ok: all.length === 0 && leads.ok, lines };
}

async function throughput(cluster: Cluster): Promise<Result> {
  const seconds = Number(args.seconds ?? 20);
  const rate = Number(args.rate ?? 400);
  const lines: string[] = [];
  for (const count of [1, 2]) {
    if (count === 1) await cluster.web[1]!.stop('SIGTERM');
    else await cluster.web[1]!.start();
    // Let the balancer's checks see the change.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const load = await startLoad(cluster, { rate, seconds });
    await load.done;
    const answered = load.outcomes.filter((o) => o.status > 0 && o.status < 500).length;
    lines.push(
      `  ${count} web instance${count === 1 ? '' : 's'}: ${(answered / seconds).toFixed(1)} answered req/s (offered ${rate}/s, at most 200 in flight)`,
      ...describeLoad(load, seconds).map((line) => `    ${line}`),
    );
  }
  return { ok: true, lines };
}

async function main(): Promise<number> {
  const drills: Record<string, (cluster: Cluster) => Promise<Result>> = {
    failover,
    'redis-down': (cluster) => outage(cluster, 'redis'),
    'search-down': (cluster) => outage(cluster, 'search'),
    'rolling-deploy': rollingDeploy,
    throughput,
  };
  const drill = drills[DRILL];
  if (!drill) {
    console.error(
      `Usage: npm run cluster:drill -- <${Object.keys(drills).join('|')}> [--rate N] [--seconds N] [--next <bundle folder>]`,
    );
    return 2;
  }
  // A drill's figures mean little without what else the machine was doing.
  console.log(
    `${DRILL} drill on ${os.availableParallelism()} cores; load average before it starts: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  // The instances' warnings (first paints over budget under load) would bury the figures.
  const cluster = await startCluster({
    log: (line) => (line.startsWith('    ') || line.includes('"level":40') ? undefined : console.log(line)),
  });
  try {
    const result = await drill(cluster);
    console.log(`\n${DRILL} drill:`);
    for (const line of result.lines) console.log(line);
    console.log(`${DRILL} drill: ${result.ok ? 'passed' : 'FAILED'}`);
    return result.ok ? 0 : 1;
  } finally {
    await cluster.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
