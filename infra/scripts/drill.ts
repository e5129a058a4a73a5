/**
 * Failure drills against a real server process.
 *
 *   npm run drill -- leads [--count 1000] [--kill-after 300]
 *
 * `leads`: the lead pipeline never loses or doubles a lead. It starts the platform (`forecourt
 * start`, the embedded database in a fresh data folder) as its own process, sends `--count`
 * enquiries at once, each with its own Idempotency-Key, and kills the server with SIGKILL once
 * `--kill-after` of them are acknowledged, so the rest are in flight, half-written or queued.
 * It restarts the server on the same data and sends every enquiry again with the same key and
 * body, as a browser retrying would, then a third time. Then, with the server stopped, it reads
 * the database and checks:
 *   - every lead acknowledged before the kill is there, under the id it was acknowledged with;
 *   - every enquiry is stored exactly once (one row per key, `--count` rows in all), each with
 *     its delivery outbox row;
 *   - no retry answered 5xx, and every retry of a stored lead answered its first lead_id.
 * Prints the figures and exits non-zero if any check fails.
 *
 *   npm run drill -- crm-outage [--leads 20] [--outage-seconds 60]
 *
 * `crm-outage`: the dealer's CRM down twice while leads arrive; the operator console's figures
 * against the outbox's rows, and every lead delivered exactly once when the CRM is back, by the
 * outbox's own retries and then by an operator's retry (infra/tools/src/drills/crm-outage.ts). About 3 minutes.
 *
 *   npm run drill -- public-load [--seconds 30] [--postgres]
 *
 * `public-load`: twenty anonymous clients at once asking for the sitemap, for search pages with
 * new filters, and for heavy multi-queries with the page's own search key, while another shopper
 * reads /api/health and a car page (infra/tools/src/drills/public-load.ts). Goals: both at most 100 ms p99,
 * no refusal for the shopper.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '@forecourt/data/database';
import { runCrmOutageDrill } from '@forecourt/tools/drills/crm-outage';
import { runPublicLoadDrill } from '@forecourt/tools/drills/public-load';
import { emptyPostgresDatabase } from '@forecourt/test-kit/test-database';
import { assertPortFree, exited, startServerProcess, waitHealthy } from '@forecourt/test-kit/server-process';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: 'string', default: '1000' },
    'kill-after': { type: 'string', default: '300' },
    port: { type: 'string', default: '8097' },
    leads: { type: 'string', default: '20' },
    'outage-seconds': { type: 'string', default: '60' },
    // 30 s per stall: the shopper samples every 100 ms, so a p99 over 10 s rests on 100 samples
    // and is the second-slowest of them. On a 2-core machine one or two slow samples in a stall
    // (107 to 158 ms, while the stall's p50 stayed 20 to 35 ms) decided it, in a different stall
    // each run. Over 30 s it is the third-slowest of about 300.
    seconds: { type: 'string', default: '30' },
    postgres: { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.count);
const KILL_AFTER = Number(values['kill-after']);
const PORT = Number(values.port);
const TENANT = 'harbourside-motors';

type Answer = { status: number; leadId: string | null } | { status: 'failed'; error: string };

const LIMITS_OFF = { FORECOURT_LEADS_PER_MINUTE: '1000000', FORECOURT_LEADS_PER_PHONE_PER_HOUR: '1000000' };
const startServer = (dataDir: string) => startServerProcess({ port: PORT, dataDir, env: LIMITS_OFF });

function enquiry(run: string, i: number) {
  return JSON.stringify({
    form: 'enquiry',
    url: '/contact',
    userData: {
      name: 'Drill',
      last_name: `${run}-${i}`,
      email: `drill${i}@example.com`,
      phone: `04${String(20_000_000 + i).slice(-8)}`,
      postcode: '2000',
      message: `Drill enquiry ${i}`,
      location_id: '__LOCATION__',
    },
  });
}

async function send(body: string, key: string): Promise<Answer> {
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}/api/leads/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forecourt-tenant': TENANT, 'idempotency-key': key },
      body,
    });
    const answer = (await response.json().catch(() => null)) as { lead_id?: string } | null;
    return { status: response.status, leadId: answer?.lead_id ?? null };
  } catch (error) {
    return {
      status: 'failed',
      error:
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
    };
  }
}

async function drillLeads(): Promise<boolean> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'forecourt-drill-'));
  const run = `run${Date.now().toString(36)}`;
  const keys = Array.from({ length: COUNT }, (_, i) => `drill-${run}-${i}`);
  console.log(
    `Lead drill: ${COUNT} enquiries at once, the server killed (SIGKILL) after ${KILL_AFTER} acknowledgements, restarted, every enquiry sent again twice.`,
  );

  let server = startServer(dataDir);
  await waitHealthy(server, PORT);
  const form = (await (
    await fetch(`http://127.0.0.1:${PORT}/api/leads/form?form=enquiry`, { headers: { 'x-forecourt-tenant': TENANT } })
  ).json()) as { locations: Array<{ id: string }> };
  const bodies = keys.map((_, i) => enquiry(run, i).replace('__LOCATION__', form.locations[0]!.id));

  // Round 1: everything at once; the kill lands mid-flight.
  const acknowledged = new Map<string, string>();
  let killedAt = 0;
  const killStarted = performance.now();
  const first = await Promise.all(
    keys.map(async (key, i) => {
      const answer = await send(bodies[i]!, key);
      if (answer.status === 201 || answer.status === 200) {
        if (answer.leadId) acknowledged.set(key, answer.leadId);
        if (acknowledged.size >= KILL_AFTER && !killedAt) {
          killedAt = acknowledged.size;
          server.kill('SIGKILL');
        }
      }
      return answer;
    }),
  );
  const round1Seconds = (performance.now() - killStarted) / 1000;
  await exited(server);
  const failedFirst = first.filter((a) => a.status === 'failed').length;
  const otherFirst = first.filter((a) => a.status !== 'failed' && a.status !== 200 && a.status !== 201);
  console.log(
    `  round 1: ${acknowledged.size} acknowledged (the kill at ${killedAt}), ${failedFirst} cut off by the kill, ${otherFirst.length} other answers, ${round1Seconds.toFixed(1)} s`,
  );

  // Round 2 and 3: the same keys and bodies, as retrying browsers send them.
  server = startServer(dataDir);
  const restartStarted = performance.now();
  await waitHealthy(server, PORT);
  console.log(`  restarted in ${((performance.now() - restartStarted) / 1000).toFixed(1)} s`);
  const problems: string[] = [];
  for (const round of [2, 3]) {
    const answers = await Promise.all(keys.map((key, i) => send(bodies[i]!, key)));
    const statuses = new Map<string, number>();
    for (const [i, answer] of answers.entries()) {
      const label = String(answer.status);
      statuses.set(label, (statuses.get(label) ?? 0) + 1);
      const key = keys[i]!;
      if (answer.status === 'failed' || answer.status >= 500)
        problems.push(`round ${round}: ${key} answered ${answer.status === 'failed' ? answer.error : answer.status}`);
      else if (answer.status !== 200 && answer.status !== 201)
        problems.push(`round ${round}: ${key} answered ${answer.status}`);
      else if (acknowledged.has(key) && acknowledged.get(key) !== answer.leadId)
        problems.push(
          `round ${round}: ${key} answered lead ${answer.leadId}, acknowledged before as ${acknowledged.get(key)}`,
        );
      else if (answer.leadId) acknowledged.set(key, answer.leadId);
      if (round === 3 && answer.status === 201) problems.push(`round 3: ${key} was stored again (201)`);
    }
    console.log(`  round ${round}: ${[...statuses].map(([status, n]) => `${status} × ${n}`).join(', ')}`);
  }
  server.kill('SIGTERM');
  await exited(server);

  // The database, read directly with the server stopped.
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db
      .selectFrom('leads')
      .leftJoin('lead_outbox', 'lead_outbox.lead_id', 'leads.id')
      .select(['leads.id as id', 'leads.idempotency_key as key', sql<number>`count(lead_outbox.id)`.as('outbox')])
      .where('leads.tenant', '=', TENANT)
      .where('leads.idempotency_key', 'like', `drill-${run}-%`)
      .groupBy(['leads.id', 'leads.idempotency_key'])
      .execute();
    const byKey = new Map<string, string[]>();
    for (const row of rows) byKey.set(row.key!, [...(byKey.get(row.key!) ?? []), row.id]);
    const doubled = [...byKey.values()].filter((ids) => ids.length > 1).length;
    const missing = keys.filter((key) => !byKey.has(key));
    const lost = [...acknowledged].filter(([key, id]) => !byKey.get(key)?.includes(id));
    const noOutbox = rows.filter((row) => Number(row.outbox) !== 1).length;
    console.log(
      `  database: ${rows.length} leads for ${COUNT} enquiries, ${byKey.size} keys, ${doubled} stored twice, ${missing.length} missing, ${lost.length} acknowledged but lost, ${noOutbox} without exactly one outbox row`,
    );
    if (rows.length !== COUNT) problems.push(`${rows.length} leads stored for ${COUNT} enquiries`);
    if (doubled) problems.push(`${doubled} enquiries stored more than once`);
    if (missing.length) problems.push(`${missing.length} enquiries never stored (e.g. ${missing[0]})`);
    if (lost.length) problems.push(`${lost.length} acknowledged leads lost (e.g. ${lost[0]![0]})`);
    if (noOutbox) problems.push(`${noOutbox} leads without exactly one outbox row`);
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  if (problems.length) {
    console.log(`FAILED: ${problems.length} problems`);
    for (const problem of problems.slice(0, 20)) console.log(`  - ${problem}`);
    return false;
  }
  console.log(`PASSED: every acknowledged lead is present exactly once; retries with the same key made no duplicate.`);
  return true;
}

const USAGE =
  'usage: npm run drill -- leads [--count 1000] [--kill-after 300] [--port 8097]\n       npm run drill -- crm-outage [--leads 20] [--outage-seconds 60] [--port 8097]\n       npm run drill -- public-load [--seconds 30] [--postgres] [--port 8097]';

async function main(): Promise<void> {
  const [drill] = positionals;
  if (drill === 'leads') process.exit((await drillLeads()) ? 0 : 1);
  if (drill === 'crm-outage') {
    const leads = Number(values.leads);
    const outageSeconds = Number(values['outage-seconds']);
    // Each lead comes from a shopper address of its own (127.0.x.1-250), within the lead limits.
    if (
      !Number.isInteger(leads) ||
      leads < 1 ||
      leads > 250 ||
      !Number.isInteger(outageSeconds) ||
      outageSeconds < 10 ||
      outageSeconds > 600
    ) {
      console.error(`${USAGE}\n--leads is 1 to 250, --outage-seconds 10 to 600`);
      process.exit(2);
    }
    process.exit((await runCrmOutageDrill({ port: PORT, leads, outageSeconds })) ? 0 : 1);
  }
  if (drill === 'public-load') process.exit((await drillPublicLoad()) ? 0 : 1);
  console.error(USAGE);
  process.exit(2);
}

/** When the server counts as settled: under a tenth of a core for two seconds running, within three minutes. */
const SETTLE = { share: 0.1, windowMs: 2_000, maxMs: 180_000 } as const;

/**
 * Waits until the server process (every thread of it: requests, the database's, search's) has
 * used under SETTLE.share of a core over SETTLE.windowMs, and answers how long that took, or null
 * after SETTLE.maxMs. A server that has just started imports the demo yard's feed, fetches its
 * photos and builds the search index for a minute or more; one that serves shoppers has long
 * done so, and the drill measures what a few clients cost such a server, not its start. Linux
 * only (/proc); elsewhere it answers at once.
 */
async function waitSettled(pid: number): Promise<number | null> {
  const cpuTicks = async () => {
    const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ');
    // utime and stime, the 14th and 15th fields (11th and 12th after the command's name).
    return Number(fields[11]) + Number(fields[12]);
  };
  const started = Date.now();
  try {
    let before = await cpuTicks();
    while (Date.now() - started < SETTLE.maxMs) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE.windowMs));
      const now = await cpuTicks();
      // Clock ticks are hundredths of a second on Linux.
      if ((now - before) / 100 / (SETTLE.windowMs / 1000) < SETTLE.share) return Date.now() - started;
      before = now;
    }
    return null;
  } catch {
    return 0;
  }
}

/** The public-load drill against a server process of its own (infra/tools/src/drills/public-load.ts). */
async function drillPublicLoad(): Promise<boolean> {
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 120) {
    console.error(`${USAGE}\n--seconds is 1 to 120`);
    process.exit(2);
  }
  console.log(
    `public-load drill on ${os.availableParallelism()} cores; load average before it starts: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'forecourt-public-load-'));
  let own: { url: string; drop: () => Promise<void> } | null = null;
  if (values.postgres) {
    process.env.DATABASE_URL ||= 'postgres://root@127.0.0.1:5432/test';
    own = await emptyPostgresDatabase('forecourt_public_load');
  }
  // The server as production runs it behind its balancer (this machine's): each client is named by
  // X-Forwarded-For. Only the limits the drill is about are the server's own.
  const child = startServerProcess({
    port: PORT,
    dataDir,
    env: { FORECOURT_TRUSTED_PROXIES: 'loopback', ...(own ? { DATABASE_URL: own.url } : {}) },
  });
  try {
    await waitHealthy(child, PORT, 600_000);
    console.log(`the server answers on port ${PORT} (${own ? 'PostgreSQL' : 'the embedded database'})`);
    const settled = await waitSettled(child.pid!);
    console.log(
      settled === null
        ? `the server was still busy after ${SETTLE.maxMs / 1000} s of its start-up work; measuring anyway`
        : `the server settled ${(settled / 1000).toFixed(0)} s after answering (its start-up work done: the demo feed, its photos, the search index)`,
    );
    return await runPublicLoadDrill({ origin: `http://127.0.0.1:${PORT}`, tenant: TENANT, seconds, clients: 20 });
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    await own?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// Every drill starts its own server on --port: another there would be measured instead.
assertPortFree(PORT)
  .then(main)
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
