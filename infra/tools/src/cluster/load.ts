import { randomUUID } from 'node:crypto';
import https from 'node:https';
import { loadTenantStock } from '@forecourt/data/stock';
import { clusterRequest } from './client';
import type { Cluster } from './cluster';

const SITE = 'harbourside-motors';

export interface Outcome {
  /** When it was sent, in ms from the load's start. */
  at: number;
  ms: number;
  kind: 'page' | 'search' | 'lead' | 'code';
  status: number;
  error?: string;
  /** A lead the site acknowledged (200/201): its id and the Idempotency-Key it was sent with. */
  leadId?: string;
  key?: string;
}

export interface Load {
  outcomes: Outcome[];
  readonly inFlight: number;
  started: number;
  /** Resolves when every request has been answered (or failed). */
  done: Promise<void>;
}

export interface LoadOptions {
  /** Requests a second, spread evenly. */
  rate: number;
  seconds: number;
  /** Also send one-time-code requests (one in 20), for drills of the shared rate-limit store. */
  codes?: boolean;
}

const MAX_IN_FLIGHT = 200;

/**
 * A bounded load through the cluster's balancer, as shoppers make it: 200 loopback addresses,
 * each with kept-alive connections (as browsers keep theirs), sending shopper pages (6 in 10),
 * search pages (3 in 10) and lead submits (1 in 10, each with its own Idempotency-Key). At most
 * 200 requests are in flight: past that the load skips a beat rather than queue without end.
 */
export async function startLoad(cluster: Cluster, options: LoadOptions): Promise<Load> {
  const stock = await loadTenantStock(cluster.database.db, SITE);
  const cars = stock.cars.filter((c) => c.show_on_dealer_website && c.status === 'in_stock');
  const location = stock.locations[0]!.id;
  const pages = ['/', '/brands', '/contact', ...cars.slice(0, 20).map((c) => `/cars/${c.slug}`)];
  const searches = ['toyota', 'suv', 'automatic', 'ute', 'hatch', 'diesel'].map((q) => `/search/used-cars?query=${q}`);
  const agents = Array.from(
    { length: 200 },
    (_, i) =>
      new https.Agent({
        keepAlive: true,
        maxSockets: 4,
        localAddress: `127.0.${1 + Math.floor(i / 50)}.${10 + (i % 50)}`,
      }),
  );
  const outcomes: Outcome[] = [];
  const started = Date.now();
  let inFlight = 0;

  const fire = async (n: number) => {
    // Ten requests in a row from one shopper, as a visit makes them.
    const agent = agents[Math.floor(n / 10) % agents.length]!;
    const roll = n % 20;
    const kind: Outcome['kind'] =
      options.codes && roll === 19 ? 'code' : roll < 12 ? 'page' : roll < 18 ? 'search' : 'lead';
    const at = Date.now() - started;
    const key = kind === 'lead' ? randomUUID() : undefined;
    const phone = `04${String(20_000_000 + n).slice(-8)}`;
    inFlight += 1;
    try {
      const response =
        kind === 'lead'
          ? await clusterRequest(cluster.httpsPort, cluster.certificate, {
              tenant: SITE,
              method: 'POST',
              path: '/api/leads/submit',
              agent,
              headers: { 'idempotency-key': key! },
              body: {
                form: 'enquiry',
                url: '/contact',
                userData: {
                  name: 'Drill',
                  last_name: `Shopper ${n}`,
                  email: `drill${n}@example.com`,
                  phone,
                  postcode: '2000',
                  message: 'Is it still available?',
                  location_id: location,
                },
              },
            })
          : kind === 'code'
            ? await clusterRequest(cluster.httpsPort, cluster.certificate, {
                tenant: SITE,
                method: 'POST',
                path: '/api/auth/send-code',
                agent,
                body: { phone },
              })
            : await clusterRequest(cluster.httpsPort, cluster.certificate, {
                tenant: SITE,
                path: kind === 'page' ? pages[n % pages.length]! : searches[n % searches.length]!,
                agent,
              });
      const leadId =
        kind === 'lead' && (response.status === 200 || response.status === 201)
          ? (JSON.parse(response.body) as { lead_id: string }).lead_id
          : undefined;
      outcomes.push({
        at,
        ms: Date.now() - started - at,
        kind,
        status: response.status,
        ...(leadId ? { leadId, key } : {}),
      });
    } catch (error) {
      outcomes.push({ at, ms: Date.now() - started - at, kind, status: 0, error: (error as Error).message });
    } finally {
      inFlight -= 1;
    }
  };

  const done = (async () => {
    const pending = new Set<Promise<void>>();
    for (let i = 0; i < options.seconds * options.rate; i++) {
      const wait = started + (i * 1000) / options.rate - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight >= MAX_IN_FLIGHT) continue;
      const request = fire(i + 1);
      pending.add(request);
      void request.finally(() => pending.delete(request));
    }
    await Promise.all(pending);
    for (const agent of agents) agent.destroy();
  })();

  return {
    outcomes,
    get inFlight() {
      return inFlight;
    },
    started,
    done,
  };
}

/** The load's figures in a few lines: rate, answers by kind and status, latency. */
export function describeLoad(load: Load, elapsedSeconds: number): string[] {
  const { outcomes } = load;
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) byStatus[`${o.kind} ${o.status}`] = (byStatus[`${o.kind} ${o.status}`] ?? 0) + 1;
  const latencies = outcomes
    .filter((o) => o.status > 0)
    .map((o) => o.ms)
    .sort((x, y) => x - y);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return [
    `${outcomes.length} requests in ${elapsedSeconds.toFixed(1)} s (${(outcomes.length / elapsedSeconds).toFixed(1)} req/s) through HAProxy`,
    `  answers: ${JSON.stringify(byStatus)}`,
    `  latency: p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms, max ${latencies.at(-1)} ms; over 2 s: ${outcomes.filter((o) => o.ms > 2000).length}`,
  ];
}

/**
 * Acknowledged leads against the database (one row per key) and the CRM stub (one delivery per
 * lead). Delivery is at least once: a web instance killed while it sends a lead sends that one
 * again from the next round (the CRM recognises it by its Idempotency-Key), so a drill that kills
 * N instances allows N repeats and no more.
 */
export async function checkLeads(
  cluster: Cluster,
  load: Load,
  options: { waitMs?: number; allowedRepeats?: number } = {},
): Promise<{ ok: boolean; line: string }> {
  const waitMs = options.waitMs ?? 30_000;
  const allowedRepeats = options.allowedRepeats ?? 0;
  const acknowledged = load.outcomes.filter((o) => o.leadId);
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline && acknowledged.some((o) => !cluster.crm.received.has(o.leadId!)))
    await new Promise((resolve) => setTimeout(resolve, 250));
  const keys = acknowledged.map((o) => o.key!);
  const rows = keys.length
    ? await cluster.database.db
        .selectFrom('leads')
        .select(['idempotency_key'])
        .where('idempotency_key', 'in', keys)
        .execute()
    : [];
  const rowsByKey = new Map<string, number>();
  for (const row of rows)
    rowsByKey.set(String(row.idempotency_key), (rowsByKey.get(String(row.idempotency_key)) ?? 0) + 1);
  const notStored = keys.filter((key) => !rowsByKey.has(key)).length;
  const storedTwice = [...rowsByKey.values()].filter((n) => n > 1).length;
  const notDelivered = acknowledged.filter((o) => !cluster.crm.received.has(o.leadId!)).length;
  const deliveredTwice = acknowledged.filter((o) => (cluster.crm.received.get(o.leadId!) ?? 0) > 1).length;
  return {
    ok: notStored + storedTwice + notDelivered === 0 && deliveredTwice <= allowedRepeats,
    line:
      `leads acknowledged: ${acknowledged.length}; stored exactly once: ${acknowledged.length - notStored - storedTwice} (not stored ${notStored}, more than once ${storedTwice}); ` +
      `delivered to the CRM: ${acknowledged.length - notDelivered} (not delivered ${notDelivered}); sent again after a kill: ${deliveredTwice} (allowed ${allowedRepeats})`,
  };
}
