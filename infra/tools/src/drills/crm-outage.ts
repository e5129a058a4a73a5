/**
 * The CRM outage drill (`npm run drill -- crm-outage`, docs/operators.md): what the operator
 * console shows while a dealer's CRM is down, and that every lead reaches the CRM exactly once
 * when it is back, by the outbox's own retries and by an operator's "retry now".
 *
 * The server runs as in production (`server/src/main.ts`, its own process) on a PostgreSQL
 * database of the drill's own, so the drill can count the outbox rows itself while the server
 * runs, with its CRM webhook pointed at a stub on 127.0.0.1 (infra/test-kit/src/crm-stub.ts) that checks
 * each delivery's signature and counts it by lead id. Two outages, one after the other:
 *
 *   1. The CRM goes down for `outageSeconds`; `leads` enquiries arrive through the public lead
 *      API, from shoppers' own addresses, spread over the first two thirds of it. Every 5 s the
 *      console's figures (GET /_admin/lead-delivery, the demo operator's personal token) are
 *      compared with the outbox rows; at the end all the outage's leads wait. The CRM comes back
 *      and nobody acts: within 70 s the console shows nothing waiting.
 *   2. The same outage again; when the CRM is back an operator retries at once
 *      (POST /_admin/lead-delivery/retry): within 5 s of it the console shows nothing waiting.
 *
 * After each, the CRM holds exactly the outage's leads, each once; at the end, after a pause,
 * still each once. Everything is on loopback.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { LeadDelivery, LeadRetryResult, type LeadDeliveryTenant } from '@forecourt/admin-contract';
import { formatTable } from '@forecourt/runtime/table';
import { openDatabase, type Database } from '@forecourt/data/database';
import { prepareSite } from '@forecourt/cli/prepare-site';
import { operatorTokenFile } from '@forecourt/domain/operators/demo-operator';
import { REPO_ROOT } from '@forecourt/config/paths';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { startCrmStub, type RunningCrmStub } from '@forecourt/test-kit/crm-stub';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { exited, startServerProcess, waitHealthy } from '@forecourt/test-kit/server-process';
import { emptyPostgresDatabase } from '@forecourt/test-kit/test-database';

export interface CrmOutageOptions {
  /** The server's port (127.0.0.1). */
  port: number;
  /** Leads that arrive during each outage. */
  leads: number;
  /** How long each outage lasts. */
  outageSeconds: number;
  log?: (line: string) => void;
}

/** The goals: the console shows nothing waiting this long after the CRM is back (the outbox's own retries), or after an operator's retry. */
export const CRM_OUTAGE_GOALS = { recoverySeconds: 70, retrySeconds: 5 } as const;

const TENANT = 'harbourside-motors';
/** The console polls every 5 s; the drill compares as often while the CRM is down. */
const SAMPLE_MS = 5_000;
/** How often the drill reads the console while it waits for nothing to be waiting (finer than the console, to measure). */
const POLL_MS = 200;
/** A pause at the end, so a lead sent a second time late would still be counted. */
const SETTLE_MS = 3_000;

/** A tenant's row of GET /_admin/lead-delivery. */
export type ConsoleRow = LeadDeliveryTenant;

/** The tenant's outbox as the drill counts it itself, row by row. */
export interface OutboxCounts {
  received: number;
  delivered: number;
  waiting: number;
  failing: number;
  /** Failed attempts on the rows not delivered. */
  attempts: number;
}

export interface Sample {
  shown: ConsoleRow;
  counted: OutboxCounts;
  same: boolean;
}

export interface OutageResult {
  leads: number;
  /** Lead ids the site acknowledged (201). */
  acknowledged: string[];
  /** Answers other than 201, described. */
  unexpected: string[];
  samples: Sample[];
  /** Samples where the outbox changed while the console was read: not comparable. */
  inconclusive: number;
  /** The last sample before the CRM came back. */
  atEnd: Sample | null;
  before: OutboxCounts;
  /** From the CRM's return (outage 1) or from the retry's request (outage 2) to the console showing nothing waiting; null: not within the goal. */
  toNothingWaitingSeconds: number | null;
  retry: { status: number; ms: number; answer: LeadRetryResult | null } | null;
  /** Of the outage's leads, how many the CRM received, and how many more than once; ids received that no lead of the drill has. */
  crm: { received: number; twice: number; unknown: number };
  after: ConsoleRow | null;
}

interface Drill {
  port: number;
  token: string;
  database: Database;
  crm: RunningCrmStub;
  locationId: string;
  options: CrmOutageOptions;
  log: (line: string) => void;
  /** Every lead id the drill's shoppers were given, both outages. */
  allLeads: Set<string>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** One request to the tenant's site as a shopper's browser sends it: its Host, from the shopper's own address. */
function shopperRequest(
  port: number,
  options: { method: 'GET' | 'POST'; path: string; address: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: string }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        localAddress: options.address,
        agent: false,
        timeout: 10_000,
        headers: {
          host: `${TENANT}.localhost:${port}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    request.end(payload);
  });
}

/** The `i`th enquiry of an outage, from a shopper of its own (its own address and phone), with its Idempotency-Key. */
async function submitLead(drill: Drill, outage: number, i: number): Promise<{ leadId: string } | { problem: string }> {
  const body = {
    form: 'enquiry',
    url: '/contact',
    userData: {
      name: 'Outage',
      last_name: `Drill ${outage}-${i}`,
      email: `outage${outage}-${i}@example.com`,
      phone: `04${String(30_000_000 + outage * 1000 + i).slice(-8)}`,
      postcode: '2000',
      message: 'Is it still available?',
      location_id: drill.locationId,
    },
  };
  try {
    const answer = await shopperRequest(drill.port, {
      method: 'POST',
      path: '/api/leads/submit',
      address: `127.0.${10 + outage}.${1 + i}`,
      headers: { 'idempotency-key': randomUUID() },
      body,
    });
    const leadId = answer.status === 201 ? (JSON.parse(answer.body) as { lead_id?: unknown }).lead_id : undefined;
    return typeof leadId === 'string'
      ? { leadId }
      : { problem: `lead ${i} answered ${answer.status}: ${answer.body.slice(0, 200)}` };
  } catch (error) {
    return { problem: `lead ${i}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** An admin API call with the operator's personal token, from this machine (where a token is taken). */
async function adminCall(
  drill: Drill,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`http://127.0.0.1:${drill.port}/_admin${path}`, {
    method,
    headers: { authorization: `Bearer ${drill.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

async function consoleRow(drill: Drill): Promise<ConsoleRow> {
  const { status, json } = await adminCall(drill, 'GET', '/lead-delivery');
  if (status !== 200)
    throw new Error(`GET /_admin/lead-delivery answered ${status}: ${JSON.stringify(json).slice(0, 300)}`);
  const row = LeadDelivery.parse(json).tenants.find((entry) => entry.tenant === TENANT);
  if (!row) throw new Error(`GET /_admin/lead-delivery lists no ${TENANT}`);
  return row;
}

/** The tenant's outbox rows, read from the database and counted here (not by the console's query). */
async function countOutbox(drill: Drill): Promise<OutboxCounts> {
  const rows = await drill.database.db
    .selectFrom('lead_outbox')
    .select(['delivered_at', 'attempts'])
    .where('tenant', '=', TENANT)
    .execute();
  const counts: OutboxCounts = { received: rows.length, delivered: 0, waiting: 0, failing: 0, attempts: 0 };
  for (const row of rows) {
    if (row.delivered_at !== null) counts.delivered += 1;
    else if (Number(row.attempts) === 0) counts.waiting += 1;
    else {
      counts.failing += 1;
      counts.attempts += Number(row.attempts);
    }
  }
  return counts;
}

const sameCounts = (a: OutboxCounts, b: OutboxCounts) =>
  a.received === b.received && a.delivered === b.delivered && a.waiting === b.waiting && a.failing === b.failing;
const shownAsCounted = (shown: ConsoleRow, counted: OutboxCounts) =>
  shown.received === counted.received &&
  shown.delivered === counted.delivered &&
  shown.waiting === counted.waiting &&
  shown.failing === counted.failing;

/**
 * The console's figures against the outbox, counted just before and just after the console is
 * read: when the two counts agree, nothing changed while the console answered, so it must show
 * exactly them. Null when the outbox kept changing (three tries).
 */
async function sample(drill: Drill): Promise<Sample | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await countOutbox(drill);
    const shown = await consoleRow(drill);
    const after = await countOutbox(drill);
    if (sameCounts(before, after)) return { shown, counted: after, same: shownAsCounted(shown, after) };
  }
  return null;
}

/** Reads the console until it shows nothing waiting or failing; the moment it did, or null at the deadline. */
async function untilNothingWaiting(drill: Drill, deadline: number): Promise<number | null> {
  for (;;) {
    const row = await consoleRow(drill);
    if (row.waiting + row.failing === 0) return Date.now();
    if (Date.now() >= deadline) return null;
    await sleep(Math.min(POLL_MS, deadline - Date.now()));
  }
}

/** Of these leads, how many the CRM received, how many more than once; and what it received since `known` that is no lead of the drill. */
function crmTally(crm: RunningCrmStub, leads: readonly string[], all: ReadonlySet<string>, known: ReadonlySet<string>) {
  return {
    received: leads.filter((id) => crm.received.has(id)).length,
    twice: leads.filter((id) => (crm.received.get(id) ?? 0) > 1).length,
    unknown: [...crm.received.keys()].filter((id) => !known.has(id) && !all.has(id)).length,
  };
}

/** One outage: the CRM down, leads arriving, the console compared with the outbox, the CRM back, and the wait for nothing to be waiting. */
async function runOutage(drill: Drill, outage: 1 | 2, knownToCrm: ReadonlySet<string>): Promise<OutageResult> {
  const { crm, log, options } = drill;
  const outageMs = options.outageSeconds * 1000;
  const spreadMs = (outageMs * 2) / 3;
  const before = await countOutbox(drill);
  await crm.down();
  const downAt = Date.now();
  const at = (ms: number) => sleep(downAt + ms - Date.now());
  const seconds = () => ((Date.now() - downAt) / 1000).toFixed(1).padStart(5);
  log(
    `Outage ${outage}: the CRM is down for ${options.outageSeconds} s; ${options.leads} enquiries arrive over its first ${Math.round(spreadMs / 1000)} s`,
  );

  const arriving = Promise.all(
    Array.from({ length: options.leads }, async (_, i) => {
      await at((i * spreadMs) / options.leads);
      return submitLead(drill, outage, i);
    }),
  );
  const samples: Sample[] = [];
  let inconclusive = 0;
  const take = async () => {
    const taken = await sample(drill);
    if (taken) samples.push(taken);
    else inconclusive += 1;
    if (taken)
      log(
        `  ${seconds()} s  console: ${taken.shown.waiting} waiting, ${taken.shown.failing} failing; outbox: ${taken.counted.waiting} waiting, ${taken.counted.failing} failing${taken.same ? '' : '  (DIFFERENT)'}`,
      );
    return taken;
  };
  for (let t = SAMPLE_MS; t < outageMs - 2_000; t += SAMPLE_MS) {
    await at(t);
    await take();
  }
  const answers = await arriving;
  const acknowledged = answers.flatMap((answer) => ('leadId' in answer ? [answer.leadId] : []));
  const unexpected = answers.flatMap((answer) => ('problem' in answer ? [answer.problem] : []));
  for (const id of acknowledged) drill.allLeads.add(id);
  await at(outageMs - 2_000);
  const atEnd = await take();
  await at(outageMs);

  await crm.up();
  const upAt = Date.now();
  log(`  ${seconds()} s  the CRM is back`);
  let from = upAt;
  let retry: OutageResult['retry'] = null;
  if (outage === 2) {
    from = Date.now();
    const { status, json } = await adminCall(drill, 'POST', '/lead-delivery/retry', { tenant: TENANT });
    retry = { status, ms: Date.now() - from, answer: status === 200 ? LeadRetryResult.parse(json) : null };
    log(`  ${seconds()} s  the operator retried: ${status} ${JSON.stringify(json)} in ${retry.ms} ms`);
  }
  const limitMs = (outage === 1 ? CRM_OUTAGE_GOALS.recoverySeconds : CRM_OUTAGE_GOALS.retrySeconds) * 1000;
  const nothingWaitingAt = await untilNothingWaiting(drill, from + limitMs);
  log(
    `  ${seconds()} s  ${nothingWaitingAt === null ? `the console still shows leads waiting ${limitMs / 1000} s on` : 'the console shows nothing waiting'}`,
  );
  // The console counts what the database marked delivered; the CRM took each just before.
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline && acknowledged.some((id) => !crm.received.has(id))) await sleep(100);
  return {
    leads: options.leads,
    acknowledged,
    unexpected,
    samples,
    inconclusive,
    atEnd,
    before,
    toNothingWaitingSeconds: nothingWaitingAt === null ? null : (nothingWaitingAt - from) / 1000,
    retry,
    crm: crmTally(crm, acknowledged, drill.allLeads, knownToCrm),
    after: await consoleRow(drill),
  };
}

export interface Check {
  figure: string;
  values: [string, string];
  goal: string;
  ok: boolean;
}

/** The measured figures of both outages, a row each, with their goal and whether both met it. */
export function outageChecks(
  results: [OutageResult, OutageResult],
  final: { twice: number; received: number; refused: number; leads: number },
): Check[] {
  const both = (f: (r: OutageResult) => string): [string, string] => [f(results[0]), f(results[1])];
  const all = (f: (r: OutageResult) => boolean) => results.every(f);
  const n = results[0].leads;
  const undelivered = (row: { waiting: number; failing: number }) =>
    `${row.waiting + row.failing} (${row.waiting} + ${row.failing})`;
  const secs = (s: number | null) => (s === null ? 'not reached' : `${s.toFixed(1)} s`);
  return [
    {
      figure: 'leads sent during the outage / acknowledged (201)',
      values: both((r) => `${r.leads} / ${r.acknowledged.length}`),
      goal: `${n} / ${n}`,
      ok: all((r) => r.acknowledged.length === r.leads && r.unexpected.length === 0),
    },
    {
      figure: 'console at the outage end: waiting + failing',
      values: both((r) => (r.atEnd ? undelivered(r.atEnd.shown) : 'no sample')),
      goal: `${n} (all the outage's leads)`,
      ok: all(
        (r) =>
          r.atEnd !== null &&
          r.atEnd.shown.waiting + r.atEnd.shown.failing - (r.before.waiting + r.before.failing) === r.leads,
      ),
    },
    {
      figure: 'outbox rows at the outage end: waiting + failing',
      values: both((r) => (r.atEnd ? undelivered(r.atEnd.counted) : 'no sample')),
      goal: 'as the console',
      ok: all((r) => r.atEnd?.same === true),
    },
    {
      figure: 'console = outbox rows (samples every 5 s)',
      values: both(
        (r) =>
          `${r.samples.filter((s) => s.same).length} of ${r.samples.length}${r.inconclusive ? ` (${r.inconclusive} not comparable)` : ''}`,
      ),
      goal: 'all',
      ok: all((r) => r.samples.length > 0 && r.samples.every((s) => s.same)),
    },
    {
      figure: 'failed delivery attempts in the outage (outbox)',
      values: both((r) => String(r.atEnd?.counted.attempts ?? '?')),
      goal: 'informational',
      ok: true,
    },
    {
      figure: 'console: oldest waiting, last error',
      values: both((r) =>
        r.atEnd ? `${r.atEnd.shown.oldestWaitingSeconds ?? '-'} s, ${r.atEnd.shown.lastError ?? '-'}` : '-',
      ),
      goal: 'informational',
      ok: true,
    },
    {
      figure: 'operator retry: status, time, retried / delivered / in flight',
      values: both((r) =>
        r.retry
          ? `${r.retry.status}, ${(r.retry.ms / 1000).toFixed(2)} s, ${r.retry.answer ? `${r.retry.answer.retried} / ${r.retry.answer.delivered} / ${r.retry.answer.inFlight}${r.retry.answer.finished ? '' : ' (unfinished)'}` : '-'}`
          : 'none (outbox retries)',
      ),
      goal: '200, finished',
      ok: results[1].retry?.status === 200 && results[1].retry.answer?.finished === true,
    },
    {
      figure: 'CRM back (1) / retry sent (2) -> console shows 0 waiting',
      values: both((r) => secs(r.toNothingWaitingSeconds)),
      goal: `<= ${CRM_OUTAGE_GOALS.recoverySeconds} s / <= ${CRM_OUTAGE_GOALS.retrySeconds} s`,
      ok:
        results[0].toNothingWaitingSeconds !== null &&
        results[0].toNothingWaitingSeconds <= CRM_OUTAGE_GOALS.recoverySeconds &&
        results[1].toNothingWaitingSeconds !== null &&
        results[1].toNothingWaitingSeconds <= CRM_OUTAGE_GOALS.retrySeconds,
    },
    {
      figure: 'console delivered since the outage began',
      values: both((r) => (r.after ? String(r.after.delivered - r.before.delivered) : '?')),
      goal: String(n),
      ok: all((r) => r.after !== null && r.after.delivered - r.before.delivered === r.leads),
    },
    {
      figure: "CRM received, of the outage's leads",
      values: both((r) => String(r.crm.received)),
      goal: String(n),
      ok: all((r) => r.crm.received === r.acknowledged.length && r.acknowledged.length === r.leads),
    },
    {
      figure: 'CRM: leads received twice / ids of no lead',
      values: both((r) => `${r.crm.twice} / ${r.crm.unknown}`),
      goal: '0 / 0',
      ok: all((r) => r.crm.twice === 0 && r.crm.unknown === 0),
    },
    {
      figure: `after both, ${SETTLE_MS / 1000} s later: CRM distinct / twice / refused`,
      values: [`${final.received} / ${final.twice} / ${final.refused}`, '(both outages)'],
      goal: `${final.leads} / 0 / 0`,
      ok: final.received === final.leads && final.twice === 0 && final.refused === 0,
    },
  ];
}

/** Runs the drill; prints its progress and the table; true when every goal is met. */
export async function runCrmOutageDrill(options: CrmOutageOptions): Promise<boolean> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  log(
    `CRM outage drill: two outages of ${options.outageSeconds} s, ${options.leads} enquiries each (${TENANT}); the server on 127.0.0.1:${options.port}, PostgreSQL.`,
  );
  // The drill reads the outbox while the server runs, so a database both can open: PostgreSQL
  // (DATABASE_URL, else the local server, as the cluster uses), a database of the drill's own.
  process.env.DATABASE_URL ||= 'postgres://root@127.0.0.1:5432/test';
  const own = await emptyPostgresDatabase('forecourt_crm_drill');
  const cleanups: Array<() => Promise<unknown>> = [() => own.drop()];
  let server: ChildProcess | null = null;
  try {
    const dataDir = await tempDir('forecourt-crm-drill-');
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const crm = await startCrmStub();
    cleanups.push(() => crm.close());
    const database = await openDatabase({ databaseUrl: own.url });
    cleanups.push(() => database.close());
    // The site as a release leaves it (migrated, seeded, published, pinned, the first operator),
    // from the builds already in the checkout: the drill builds nothing.
    await prepareSite({
      repoRoot: REPO_ROOT,
      dataDir,
      database,
      tenants: await loadTenants(),
      build: false,
      log: (line) => /: done in /.test(line) && log(`  ${line}`),
    });
    const token = (await fs.readFile(operatorTokenFile(dataDir), 'utf8')).trim();

    server = startServerProcess({
      port: options.port,
      dataDir,
      entry: 'serve',
      env: {
        DATABASE_URL: own.url,
        FORECOURT_CRM: 'http',
        FORECOURT_CRM_WEBHOOK_URL: crm.url,
        FORECOURT_CRM_WEBHOOK_SECRET: crm.secret,
        FORECOURT_LEAD_DELIVERY_MS: '1000',
      },
    });
    const serverStarted = Date.now();
    await waitHealthy(server, options.port);
    log(
      `  the server is up in ${((Date.now() - serverStarted) / 1000).toFixed(1)} s (${((Date.now() - started) / 1000).toFixed(1)} s since the drill began)`,
    );

    const form = await shopperRequest(options.port, {
      method: 'GET',
      path: '/api/leads/form?form=enquiry',
      address: '127.0.10.1',
    });
    const locationId = (JSON.parse(form.body) as { locations?: Array<{ id: string }> }).locations?.[0]?.id;
    if (form.status !== 200 || !locationId)
      throw new Error(`the enquiry form answered ${form.status}: ${form.body.slice(0, 200)}`);
    const drill: Drill = { port: options.port, token, database, crm, locationId, options, log, allLeads: new Set() };

    const knownToCrm = new Set(crm.received.keys());
    const first = await runOutage(drill, 1, knownToCrm);
    const second = await runOutage(drill, 2, knownToCrm);
    await sleep(SETTLE_MS);
    const all = [...drill.allLeads];
    const final = {
      leads: all.length,
      received: all.filter((id) => crm.received.has(id)).length,
      twice: all.filter((id) => (crm.received.get(id) ?? 0) > 1).length,
      refused: crm.refused,
    };

    const rows = outageChecks([first, second], final);
    log('');
    log(
      formatTable(
        ['figure', 'outage 1: outbox retries', "outage 2: operator's retry", 'goal', 'met'],
        rows.map((row) => [row.figure, ...row.values, row.goal, row.ok ? 'yes' : 'NO']),
      ),
    );
    for (const problem of [...first.unexpected, ...second.unexpected].slice(0, 10)) log(`  ${problem}`);
    const ok = rows.every((row) => row.ok);
    log(
      `\n${ok ? 'PASSED' : 'FAILED'}: ${rows.filter((row) => !row.ok).length} of ${rows.length} checks missed; ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
    );
    return ok;
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await exited(server);
    }
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => log(`  cleanup: ${String(error)}`));
  }
}
