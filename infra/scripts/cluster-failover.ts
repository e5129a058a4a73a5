/**
 * `npm run cluster:failover`: the failover drill (docs/deploy.md, "Drills"). Starts the local
 * cluster and sends a bounded, measured load through HAProxy for --seconds (default 70): shopper
 * pages, search pages and lead submits, from many loopback addresses, at --rate requests a second
 * (default 120). Meanwhile:
 *
 *   at 10 s  web-1 gets SIGKILL and is started again;
 *   at 25 s  web-2 gets SIGTERM and is started again;
 *   at 40 s  the search service gets SIGKILL and is started again, then every car's reserved
 *            flag in search is compared with PostgreSQL until they agree (goal: within 5 s).
 *
 * Printed: requests sent and answered, the failures (5xx or no answer) with the time of each
 * against the kills, every acknowledged lead's rows and CRM deliveries, the search catch-up time,
 * and RSS of a web instance and of the search service.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import { parseArgs } from 'node:util';
import { clusterRequest } from '../src/cluster/client';
import { startCluster, type Cluster } from '../src/cluster/cluster';
import { loadTenantStock } from '../src/db/stock';
import { CARS_INDEX } from '../src/search/indexing/records';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '70' }, rate: { type: 'string', default: '120' } } });
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const SITE = 'harbourside-motors';

interface Outcome {
  at: number;
  ms: number;
  kind: 'page' | 'search' | 'lead';
  status: number;
  error?: string;
  leadId?: string;
  key?: string;
}

const rssMb = async (pid: number | undefined) => {
  if (!pid) return null;
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
};

/** Every car's reserved flag as the search service holds it (the admin key, straight to the service). */
async function reservedInSearch(cluster: Cluster): Promise<Map<string, boolean>> {
  const found = new Map<string, boolean>();
  for (let page = 0; page < 10; page++) {
    const response = await fetch(`http://127.0.0.1:${cluster.search.port}/1/indexes/${CARS_INDEX}/query`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': cluster.webEnv.SEARCH_APP_ID!, 'x-algolia-api-key': cluster.webEnv.SEARCH_ADMIN_KEY!, 'content-type': 'application/json' },
      body: JSON.stringify({ params: `hitsPerPage=1000&page=${page}&attributesToRetrieve=${encodeURIComponent('["reserved"]')}` }),
      signal: AbortSignal.timeout(2000),
    });
    if (!response.ok) throw new Error(`search answered ${response.status}`);
    const result = (await response.json()) as { hits: Array<{ objectID: string; reserved: boolean }>; nbPages: number };
    for (const hit of result.hits) found.set(hit.objectID, hit.reserved);
    if (page + 1 >= result.nbPages) break;
  }
  return found;
}

async function main(): Promise<void> {
  // The instances' warnings (first paints over budget under this load) would bury the figures.
  const cluster = await startCluster({ log: (line) => (line.startsWith('    ') || line.includes('"level":40') ? undefined : console.log(line)) });
  try {
    const stock = await loadTenantStock(cluster.database.db, SITE);
    const cars = stock.cars.filter((c) => c.show_on_dealer_website && c.status === 'in_stock');
    const location = stock.locations[0]!.id;
    const pages = ['/', '/brands', '/contact', ...cars.slice(0, 20).map((c) => `/cars/${c.slug}`)];
    const searches = ['toyota', 'suv', 'automatic', 'ute', 'hatch', 'diesel'].map((q) => `/search/used-cars?query=${q}`);
    const outcomes: Outcome[] = [];
    const agents = Array.from({ length: 200 }, (_, i) => new https.Agent({ keepAlive: true, maxSockets: 4, localAddress: `127.0.${1 + Math.floor(i / 50)}.${10 + (i % 50)}` }));
    const started = Date.now();
    let sequence = 0;
    let inFlight = 0;

    const fire = async () => {
      sequence += 1;
      const n = sequence;
      // Each request from one of 200 loopback addresses (kept-alive connections, as browsers keep
      // theirs): the per-address limits see 200 shoppers.
      const shopper = Math.floor(n / 10) % 200;
      const roll = n % 10;
      const kind: Outcome['kind'] = roll < 6 ? 'page' : roll < 9 ? 'search' : 'lead';
      const at = Date.now() - started;
      const key = kind === 'lead' ? randomUUID() : undefined;
      inFlight += 1;
      try {
        const response =
          kind === 'lead'
            ? await clusterRequest(cluster.httpsPort, cluster.certificate, {
                tenant: SITE,
                method: 'POST',
                path: '/api/leads/submit',
                agent: agents[shopper],
                headers: { 'idempotency-key': key! },
                body: { form: 'enquiry', url: '/contact', userData: { name: 'Drill', last_name: `Shopper ${n}`, email: `drill${n}@example.com`, phone: `04${String(20_000_000 + n).slice(-8)}`, postcode: '2000', message: 'Is it still available?', location_id: location } },
              })
            : await clusterRequest(cluster.httpsPort, cluster.certificate, { tenant: SITE, path: kind === 'page' ? pages[n % pages.length]! : searches[n % searches.length]!, agent: agents[shopper] });
        const leadId = kind === 'lead' && (response.status === 200 || response.status === 201) ? (JSON.parse(response.body) as { lead_id: string }).lead_id : undefined;
        outcomes.push({ at, ms: Date.now() - started - at, kind, status: response.status, ...(leadId ? { leadId, key } : {}) });
      } catch (error) {
        outcomes.push({ at, ms: Date.now() - started - at, kind, status: 0, error: (error as Error).message });
      } finally {
        inFlight -= 1;
      }
    };

    // The load: RATE a second, spread evenly, for SECONDS; at most 200 in flight (bounded).
    const load = (async () => {
      const pending = new Set<Promise<void>>();
      for (let i = 0; i < SECONDS * RATE; i++) {
        const due = started + (i * 1000) / RATE;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (inFlight >= 200) continue;
        const request = fire();
        pending.add(request);
        void request.finally(() => pending.delete(request));
      }
      await Promise.all(pending);
    })();

    const events: Array<{ at: number; what: string; inFlight: number }> = [];
    const at = (seconds: number) => new Promise((resolve) => setTimeout(resolve, started + seconds * 1000 - Date.now()));
    const rss = { web: await rssMb(cluster.web[0]!.pid), search: await rssMb(cluster.search.pid) };

    await at(10);
    events.push({ at: Date.now() - started, what: 'SIGKILL web-1', inFlight });
    await cluster.web[0]!.stop('SIGKILL');
    await cluster.web[0]!.start();
    events.push({ at: Date.now() - started, what: 'web-1 ready again', inFlight });

    await at(25);
    events.push({ at: Date.now() - started, what: 'SIGTERM web-2', inFlight });
    await cluster.web[1]!.stop('SIGTERM');
    await cluster.web[1]!.start();
    events.push({ at: Date.now() - started, what: 'web-2 ready again', inFlight });

    await at(40);
    events.push({ at: Date.now() - started, what: 'SIGKILL search service', inFlight });
    await cluster.search.stop('SIGKILL');
    const killedAt = Date.now();
    await cluster.search.start();
    let agreedAfter: number | null = null;
    let mismatches = -1;
    while (Date.now() - killedAt < 30_000) {
      const inDatabase = new Map((await loadTenantStock(cluster.database.db, SITE)).cars.filter((c) => c.show_on_dealer_website).map((c) => [c.id, Boolean(c.reserved)]));
      const inSearch = await reservedInSearch(cluster).catch(() => new Map<string, boolean>());
      mismatches = [...inDatabase].filter(([id, reserved]) => inSearch.get(id) !== reserved).length;
      if (mismatches === 0) {
        agreedAfter = Date.now() - killedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    events.push({ at: Date.now() - started, what: `search agrees with PostgreSQL (${agreedAfter === null ? `${mismatches} cars still differ` : `${agreedAfter} ms after the kill`})`, inFlight });

    await load;
    const elapsed = (Date.now() - started) / 1000;

    // Leads: give the delivery rounds (every second) time to send what was acknowledged.
    const acknowledged = outcomes.filter((o) => o.leadId).map((o) => o.leadId!);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && acknowledged.some((id) => !cluster.crm.received.has(id))) await new Promise((resolve) => setTimeout(resolve, 250));
    // Stored once: one row per acknowledged Idempotency-Key (a retried submit must find the first row, not add one).
    const keys = outcomes.filter((o) => o.key).map((o) => o.key!);
    const stored = keys.length ? await cluster.database.db.selectFrom('leads').select(['id', 'idempotency_key']).where('idempotency_key', 'in', keys).execute() : [];
    const rowsByKey = new Map<string, number>();
    for (const row of stored) rowsByKey.set(String(row.idempotency_key), (rowsByKey.get(String(row.idempotency_key)) ?? 0) + 1);

    const failed = outcomes.filter((o) => o.status === 0 || o.status >= 500);
    console.log(`\nFailover drill: ${outcomes.length} requests in ${elapsed.toFixed(1)} s (${(outcomes.length / elapsed).toFixed(1)} req/s) through HAProxy`);
    const byStatus: Record<string, number> = {};
    for (const o of outcomes) byStatus[`${o.kind} ${o.status}`] = (byStatus[`${o.kind} ${o.status}`] ?? 0) + 1;
    console.log(`  answers: ${JSON.stringify(byStatus)}`);
    const latencies = outcomes.filter((o) => o.status > 0).map((o) => o.ms).sort((x, y) => x - y);
    console.log(`  latency: p50 ${latencies[Math.floor(latencies.length * 0.5)]} ms, p99 ${latencies[Math.floor(latencies.length * 0.99)]} ms, max ${latencies.at(-1)} ms`);
    for (const event of events) console.log(`  ${(event.at / 1000).toFixed(1)} s  ${event.what} (${event.inFlight} requests in flight)`);
    console.log(`  failed requests (5xx or no answer): ${failed.length}`);
    for (const o of failed.slice(0, 20)) console.log(`    at ${(o.at / 1000).toFixed(2)} s ${o.kind} ${o.status} ${o.error ?? ''}`);
    const duplicatesStored = [...rowsByKey.values()].filter((n) => n > 1).length;
    const notStored = keys.filter((key) => !rowsByKey.has(key)).length;
    const notDelivered = acknowledged.filter((id) => !cluster.crm.received.has(id)).length;
    const deliveredTwice = acknowledged.filter((id) => (cluster.crm.received.get(id) ?? 0) > 1).length;
    console.log(`  leads acknowledged: ${acknowledged.length}; stored exactly once: ${acknowledged.length - notStored - duplicatesStored}; not stored: ${notStored}; delivered to the CRM: ${acknowledged.length - notDelivered} (more than once: ${deliveredTwice}); not delivered: ${notDelivered}`);
    console.log(`  RSS before the kills: web-1 ${rss.web} MB, search service ${rss.search} MB`);
    const ok = notStored === 0 && duplicatesStored === 0 && notDelivered === 0 && deliveredTwice === 0 && agreedAfter !== null && agreedAfter <= 5000;
    console.log(ok ? 'drill: passed (see the failures against the kills above)' : 'drill: FAILED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await cluster.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
