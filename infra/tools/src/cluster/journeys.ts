import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { PinResult, SavedSynonym, TenantSettings } from '@forecourt/admin-contract';
import { FIRST_PAINT_DATA_ID } from '@forecourt/shared-config/first-paint';
import { TOO_MANY_ATTEMPTS } from '@forecourt/shared-config/identity';
import { loadTenantStock } from '@forecourt/data/stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { INFRA_ROOT, REPO_ROOT } from '@forecourt/config/paths';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { clusterRequest, readResponse, type ClusterRequest, type ClusterResponse } from './client';
import type { Cluster } from './cluster';

const SITE = 'harbourside-motors';

export interface Journey {
  name: string;
  run(): Promise<void>;
}

class JourneyFailure extends Error {}

function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new JourneyFailure(message);
}

const show = (response: ClusterResponse) =>
  `${response.status} from ${response.instance || 'no instance'}: ${response.body.slice(0, 200)}`;

/** A request straight to one web instance (not through the balancer), as a client at `from` would send it. */
function direct(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown; from?: string },
): Promise<ClusterResponse> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        headers: {
          host: `${SITE}.localhost`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => readResponse(response).then(resolve, reject),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The cross-instance journeys of the cluster: what N instances behind a balancer must do as one.
 * Every step that crosses instances steers its halves to web-1 and web-2 and asserts, by the
 * X-Forecourt-Instance header, that the two were answered by different instances.
 */
export function clusterJourneys(cluster: Cluster): Journey[] {
  const [a, b] = cluster.web.map((w) => w.name) as [string, string];
  const send = (request: ClusterRequest) =>
    clusterRequest(cluster.httpsPort, cluster.certificate, { tenant: SITE, ...request });
  const answeredBy = (response: ClusterResponse, instance: string, what: string) =>
    expectThat(response.instance === instance, `${what}: expected an answer from ${instance}, got ${show(response)}`);

  /** The newest code the SMS simulator "sent" to `phone` on the site (the text a shopper reads). */
  const codeSentTo = async (phone: string): Promise<string> => {
    const row = await cluster.database.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('tenant', '=', SITE)
      .where('to_phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
    expectThat(code !== undefined, `no code was sent to ${phone}`);
    return code;
  };

  /** Signs `phone` in: the code sent through `via[0]`, verified through `via[1]`; answers the session cookie. */
  const signIn = async (phone: string, via: [string, string]): Promise<{ cookie: string; setCookie: string }> => {
    const sent = await send({ method: 'POST', path: '/api/auth/send-code', body: { phone }, routeTo: via[0] });
    expectThat(sent.status === 202, `send-code: ${show(sent)}`);
    answeredBy(sent, via[0], 'send-code');
    const verified = await send({
      method: 'POST',
      path: '/api/auth/verify-code',
      body: { phone, code: await codeSentTo(phone) },
      routeTo: via[1],
    });
    expectThat(verified.status === 200, `verify-code: ${show(verified)}`);
    answeredBy(verified, via[1], 'verify-code');
    const setCookie = ([] as string[])
      .concat(verified.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('forecourt_session='));
    expectThat(setCookie !== undefined, 'verify-code set no session cookie');
    return { cookie: setCookie.split(';')[0]!, setCookie };
  };

  return [
    {
      name: `sign-in: a code sent through ${a} is verified through ${b}, and the session works on both`,
      async run() {
        const phone = '0412000101';
        const { cookie } = await signIn(phone, [a, b]);
        for (const instance of [a, b]) {
          const session = await send({ path: '/api/session', headers: { cookie }, routeTo: instance });
          answeredBy(session, instance, 'session');
          expectThat(
            JSON.parse(session.body).user?.phone === phone,
            `the session on ${instance} is not signed in: ${show(session)}`,
          );
        }
      },
    },
    {
      name: 'a per-phone limit (5 codes an hour) is counted across both instances',
      async run() {
        const phone = '0412000202';
        for (let i = 0; i < 5; i++) {
          const instance = i % 2 === 0 ? a : b;
          const sent = await send({ method: 'POST', path: '/api/auth/send-code', body: { phone }, routeTo: instance });
          answeredBy(sent, instance, `code ${i + 1}`);
          expectThat(sent.status === 202, `code ${i + 1} through ${instance} was refused: ${show(sent)}`);
        }
        for (const instance of [a, b]) {
          const refused = await send({
            method: 'POST',
            path: '/api/auth/send-code',
            body: { phone },
            routeTo: instance,
          });
          answeredBy(refused, instance, 'the sixth code');
          expectThat(
            refused.status === 429 && JSON.parse(refused.body).error === TOO_MANY_ATTEMPTS,
            `a sixth code through ${instance} was not refused: ${show(refused)}`,
          );
        }
      },
    },
    {
      name: 'a per-address limit (20 codes an hour) counts 127.0.0.2 and 127.0.0.3 apart, across instances; X-Forwarded-For sent straight to an instance is ignored',
      async run() {
        let accepted = 0;
        let refused: ClusterResponse | null = null;
        for (let i = 0; i < 25 && !refused; i++) {
          const instance = i % 2 === 0 ? a : b;
          const sent = await send({
            method: 'POST',
            path: '/api/auth/send-code',
            body: { phone: `04130003${String(i).padStart(2, '0')}` },
            from: '127.0.0.2',
            routeTo: instance,
          });
          answeredBy(sent, instance, `send ${i + 1} from 127.0.0.2`);
          if (sent.status === 202) accepted += 1;
          else refused = sent;
        }
        expectThat(accepted === 20, `127.0.0.2 had ${accepted} codes accepted before a refusal, not 20`);
        expectThat(
          refused?.status === 429 && JSON.parse(refused.body).error === TOO_MANY_ATTEMPTS,
          `the 21st send was not refused with the limit's text: ${refused ? show(refused) : 'none'}`,
        );
        // The other instance refuses 127.0.0.2 too: one count, not one per instance.
        const other = refused.instance === a ? b : a;
        const again = await send({
          method: 'POST',
          path: '/api/auth/send-code',
          body: { phone: '0413000399' },
          from: '127.0.0.2',
          routeTo: other,
        });
        expectThat(again.status === 429, `127.0.0.2 over its limit was not refused by ${other}: ${show(again)}`);
        const neighbour = await send({
          method: 'POST',
          path: '/api/auth/send-code',
          body: { phone: '0413000400' },
          from: '127.0.0.3',
        });
        expectThat(neighbour.status === 202, `127.0.0.3 was refused with 127.0.0.2: ${show(neighbour)}`);
        // Straight to an instance, a client's own X-Forwarded-For names nobody: 127.0.0.2 stays refused...
        const spoofed = await direct(cluster.web[0]!.port, {
          method: 'POST',
          path: '/api/auth/send-code',
          body: { phone: '0413000401' },
          from: '127.0.0.2',
          headers: { 'x-forwarded-for': '127.0.0.9' },
        });
        expectThat(
          spoofed.status === 429,
          `X-Forwarded-For sent straight to ${a} from 127.0.0.2 was believed: ${show(spoofed)}`,
        );
        // ...and 127.0.0.4 naming 127.0.0.2 is counted as itself.
        const framed = await direct(cluster.web[1]!.port, {
          method: 'POST',
          path: '/api/auth/send-code',
          body: { phone: '0413000402' },
          from: '127.0.0.4',
          headers: { 'x-forwarded-for': '127.0.0.2' },
        });
        expectThat(framed.status === 202, `127.0.0.4 naming 127.0.0.2 in X-Forwarded-For was refused: ${show(framed)}`);
      },
    },
    {
      name: "through TLS at the balancer, cookies are Secure and canonical URLs are the site's own https domain; plain http redirects to https",
      async run() {
        const { setCookie } = await signIn('0412000303', [b, a]);
        expectThat(/;\s*Secure/i.test(setCookie), `the session cookie is not Secure: ${setCookie}`);
        const page = await send({ path: '/brands' });
        expectThat(page.status === 200, `/brands: ${show(page)}`);
        const canonical = /<link rel="canonical" href="([^"]+)">/.exec(page.body)?.[1];
        // Production writes the tenant's first configured domain, whatever host the request named.
        const domain = (await loadTenants()).find((tenant) => tenant.slug === SITE)?.domains[0];
        expectThat(canonical === `https://${domain}/brands`, `canonical is ${canonical}`);
        const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
          http
            .get(
              {
                host: '127.0.0.1',
                port: cluster.httpPort,
                path: '/brands',
                headers: { host: `${SITE}.localhost:${cluster.httpPort}` },
              },
              resolve,
            )
            .on('error', reject),
        );
        plain.resume();
        expectThat(
          plain.statusCode === 301 && String(plain.headers.location).startsWith('https://'),
          `plain http answered ${plain.statusCode} ${plain.headers.location}`,
        );
      },
    },
    {
      // Waits for the state, not for a time: how soon it shows is a figure of the failover drill's
      // (search agreeing with PostgreSQL), not a test that passes or fails by the machine's speed.
      name: `a reservation made through ${a} shows the car reserved in a search page answered by ${b}`,
      async run() {
        const car = (await loadTenantStock(cluster.database.db, SITE)).cars.find(
          (c) => c.show_on_dealer_website && c.status === 'in_stock' && !c.reserved && Number(c.price) > 0,
        );
        expectThat(car !== undefined, 'the site has no car to reserve');
        const phone = '0412000404';
        const { cookie } = await signIn(phone, [a, b]);
        const reserved = await send({
          method: 'POST',
          path: `/api/vehicle/cars/${car.slug}/reservation`,
          headers: { cookie, 'idempotency-key': randomUUID() },
          body: {
            name: 'Jo Citizen',
            email: 'jo@example.com',
            phone,
            terms: true,
            payment: { token: 'tok_sim_4242_0123456789abcdef', last4: '4242' },
          },
          routeTo: a,
        });
        expectThat(reserved.status === 201, `the reservation: ${show(reserved)}`);
        answeredBy(reserved, a, 'the reservation');
        const at = Date.now();
        let seen: boolean | undefined;
        let page: ClusterResponse | null = null;
        while (Date.now() - at < 30_000) {
          page = await send({ path: `/search/used-cars?query=${encodeURIComponent(car.stocknum)}`, routeTo: b });
          const hit = new RegExp(
            `"stocknum":"${car.stocknum}"[^}]*?"reserved":(true|false)|"reserved":(true|false)[^}]*?"stocknum":"${car.stocknum}"`,
          ).exec(page.body);
          seen = hit ? (hit[1] ?? hit[2]) === 'true' : undefined;
          if (seen) break;
        }
        expectThat(page !== null, 'no search page');
        answeredBy(page, b, 'the search page');
        expectThat(
          seen === true,
          `30 s after the reservation, ${b}'s search page shows ${car.stocknum} ${seen === undefined ? 'not at all' : 'not reserved'}`,
        );
      },
    },
    {
      name: `a build published and pinned through ${a} is served by ${b}`,
      async run() {
        // A new version of mf-leads: its own build with the version bumped, as a team's next release.
        const work = await tempDir('forecourt-cluster-publish-');
        try {
          const dist = path.join(REPO_ROOT, 'mf-leads', 'dist');
          const copy = path.join(work, 'dist');
          await fs.cp(dist, copy, { recursive: true });
          const infoFile = path.join(copy, 'forecourt-build.json');
          const info = JSON.parse(await fs.readFile(infoFile, 'utf8')) as { version: string };
          const version = `${info.version.split('.').slice(0, 2).join('.')}.${Date.now() % 100000}`;
          await fs.writeFile(infoFile, JSON.stringify({ ...info, version }, null, 2));
          // `forecourt publish` against instance A (its admin API, the shared bucket), as a team's pipeline runs it.
          await promisify(execFile)(
            process.execPath,
            [
              path.join(INFRA_ROOT, 'dist', 'cli.js'),
              'publish',
              'mf-leads',
              '--from',
              copy,
              '--force',
              '--reason',
              'cluster drill: a copy of the current build under a new version',
            ],
            {
              cwd: INFRA_ROOT,
              // The pipeline's own personal token (an operator's: publishing is the platform's).
              env: {
                ...process.env,
                ...cluster.webEnv,
                PORT: String(cluster.web[0]!.port),
                FORECOURT_TOKEN: cluster.operatorToken,
              },
              timeout: 120_000,
            },
          );
          const pinned = await send({
            method: 'POST',
            path: '/_admin/pins',
            headers: { authorization: `Bearer ${cluster.operatorToken}` },
            body: { tenant: SITE, team: 'mf-leads', version },
            routeTo: a,
          });
          expectThat(
            pinned.status === 200 && PinResult.parse(JSON.parse(pinned.body)).pin.version === version,
            `the pin through ${a}: ${show(pinned)}`,
          );
          answeredBy(pinned, a, 'the pin');
          const entry = await send({ path: `/registry/mf-leads/${version}/remoteEntry.js`, routeTo: b });
          answeredBy(entry, b, 'the published entry');
          expectThat(
            entry.status === 200 && entry.body === (await fs.readFile(path.join(copy, 'remoteEntry.js'), 'utf8')),
            `${b} serves /registry/mf-leads/${version}/remoteEntry.js as ${entry.status}`,
          );
          const page = await send({ path: '/contact', routeTo: b });
          answeredBy(page, b, 'the contact page');
          expectThat(
            page.body.includes(`/registry/mf-leads/${version}/`),
            `${b}'s page does not load mf-leads ${version}`,
          );
        } finally {
          await fs.rm(work, { recursive: true, force: true });
        }
      },
    },
    {
      name: `a tenant created through ${a} serves its site on ${b} at once, and an hours edit through ${b} shows on ${a}`,
      async run() {
        const operator = { authorization: `Bearer ${cluster.operatorToken}` };
        const slug = `cluster-${randomUUID().slice(0, 8)}`;
        const created = await send({
          method: 'POST',
          path: '/_admin/tenants',
          headers: operator,
          body: {
            config: {
              slug,
              name: 'Cluster Drill Motors',
              kind: 'used-only',
              logo: { text: 'CD', alt: 'Cluster Drill Motors' },
              theme: { primary: '#14532d', accent: '#fde047' },
              contact: { phone: '(08) 8100 0100', city: 'Adelaide', state: 'SA' },
              search: { carTypes: ['used'] },
            },
          },
          routeTo: a,
        });
        answeredBy(created, a, 'the new tenant');
        expectThat(created.status === 201, `creating ${slug} through ${a}: ${show(created)}`);
        // The next request, on each instance: no restart, no waiting.
        for (const instance of [b, a]) {
          const home = await send({ tenant: slug, path: '/', routeTo: instance });
          answeredBy(home, instance, `${slug}'s home page`);
          expectThat(
            home.status === 200 && home.body.includes('Cluster Drill Motors'),
            `${instance} does not serve ${slug}: ${show(home)}`,
          );
        }

        const settings = TenantSettings.parse(
          JSON.parse((await send({ path: `/_admin/tenants/${SITE}/settings`, headers: operator, routeTo: b })).body),
        );
        const location = settings.locations.find((entry) => entry.hours.sales);
        expectThat(location !== undefined, `${SITE} has no location with sales hours`);
        const days = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '06:45', close: '21:15' }));
        const edited = await send({
          method: 'PUT',
          path: `/_admin/tenants/${SITE}/hours/${location.slug}`,
          headers: operator,
          body: { revision: settings.revision, type: 'sales', days },
          routeTo: b,
        });
        answeredBy(edited, b, 'the hours edit');
        expectThat(edited.status === 200, `the hours edit through ${b}: ${show(edited)}`);
        // The other instance hears the change from the database; it may take a moment to arrive.
        const deadline = Date.now() + 5_000;
        let shown = '';
        while (Date.now() < deadline) {
          const answer = await send({ path: '/api/locations/locations', routeTo: a });
          answeredBy(answer, a, "the site's locations");
          shown = answer.body;
          if (shown.includes('6:45am - 9:15pm')) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expectThat(
          shown.includes('6:45am - 9:15pm'),
          `${a} does not show the new hours within 5 s: ${shown.slice(0, 200)}`,
        );
      },
    },
    {
      name: `a synonym saved through ${a} is used by searches on pages answered by ${b}`,
      async run() {
        const car = (await loadTenantStock(cluster.database.db, SITE)).cars.find(
          (c) => c.show_on_dealer_website && c.status === 'in_stock',
        );
        expectThat(car !== undefined, 'the site has no car in stock');
        const word = `zephyr${Date.now() % 100000}`;
        const before = await send({ path: `/search/used-cars?query=${word}`, routeTo: b });
        expectThat(
          !before.body.includes(`"make":"${car.make}"`),
          `before the synonym, a search for ${word} already lists a ${car.make}`,
        );
        const saved = await send({
          method: 'PUT',
          path: `/_admin/synonyms/${word}`,
          headers: { authorization: `Bearer ${cluster.operatorToken}` },
          body: { type: 'onewaysynonym', input: word, synonyms: [car.make.toLowerCase()] },
          routeTo: a,
        });
        expectThat(
          saved.status === 200 && SavedSynonym.parse(JSON.parse(saved.body)).objectID === word,
          `the synonym through ${a}: ${show(saved)}`,
        );
        answeredBy(saved, a, 'the synonym');
        const after = await send({ path: `/search/used-cars?query=${word}`, routeTo: b });
        answeredBy(after, b, 'the search page');
        expectThat(
          after.body.includes(`"make":"${car.make}"`),
          `after the synonym, ${b}'s search page for ${word} lists no ${car.make}`,
        );
      },
    },
    {
      // Last: it stops the search service (and starts it again).
      name: 'a search page whose search service dies in the middle of its request is answered within 2 s, without the first paint',
      async run() {
        const pid = cluster.search.pid;
        expectThat(pid !== undefined, 'the search service is not running');
        // Stopped, the service holds every search sent to it without an answer; then it is killed
        // while the page's request waits on it (a query no cache has answered).
        process.kill(pid, 'SIGSTOP');
        const started = Date.now();
        const asked = send({ path: `/search/used-cars?query=kombi${Date.now() % 100_000}` });
        const killed = cluster.search.stop('SIGKILL');
        try {
          const page = await asked;
          const ms = Date.now() - started;
          expectThat(page.status === 200, `the search page: ${show(page)}`);
          // The search page's bound on an outage (docs/deploy.md, search-down): the browser's search falls back.
          expectThat(ms <= 2000, `the search page took ${ms} ms`);
          expectThat(
            !page.body.includes(`id="${FIRST_PAINT_DATA_ID}"`),
            'the page carries a first paint of results the service never gave',
          );
        } finally {
          await killed;
          await cluster.search.start();
        }
      },
    },
  ];
}
