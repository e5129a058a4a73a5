import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { BOOT_DATA_ELEMENT_ID } from '@forecourt/shared-config';
import type { BootData, RemoteManifestEntry } from '@forecourt/shared-config/manifest';
import { resolveRouteOwner } from '@forecourt/shared-config/routes';
import { isRemoteTeam } from '@forecourt/shared-config/teams';
import type { PublicTenantConfig } from '@forecourt/shared-config/tenant';
import { REMOTE_ENTRY, SHELL_TEAM, type PublishedMeta, type Registry } from '../registry';
import { sendPublishedFile } from '../send-published-file';
import { label, type Candidate } from './candidate';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@forecourt/config/chromium';

/**
 * The gate's browser check: the candidate build mounted by the real shell, with the other
 * remotes' published builds, in headless Chromium, before anything is published.
 *
 * A throwaway HTTP server on an ephemeral port of 127.0.0.1 serves a page shaped like the site's
 * (boot data in `#forecourt-boot`, the shell's entry scripts), the shell and the other remotes
 * from the registry, and the candidate from its build folder at the versioned path it would get.
 * The page opens on one of the candidate's routes, so the shell registers the remotes, loads the
 * candidate's entry and mounts its `./app` through single-spa exactly as for a shopper; then
 * every other exposed module is loaded through the same federation runtime and rendered on the
 * page. The team APIs are not there (`/api/*` answers 503): an app must survive a failing API,
 * which it must on a live site too.
 *
 * Refused: an app that does not mount (its slot ends 'failed'; the shell's failure report gives
 * the kind and the error), an exposed module that does not load or throws when rendered, and an
 * uncaught error from the candidate's files. Uncaught errors from other builds are noted, not held
 * against the candidate.
 */

export interface MountCheckInput {
  candidate: Candidate;
  registry: Registry;
  /** The shell build the page boots: the platform default's, else the newest published. */
  shell: PublishedMeta;
  /** One published build per other remote, put on the page beside the candidate. */
  others: readonly PublishedMeta[];
  /** The tenant whose public config the page boots with (one that switches the candidate on). */
  tenant: PublicTenantConfig;
  /** Props to render each exposed fragment with (by exposed name, e.g. './KeyInfo'); `{}` otherwise. */
  fragmentProps?: Readonly<Record<string, Record<string, unknown>>>;
  /** How long the app may take to settle, mounted or failed (default 10 s); a sound build settles in about a second. */
  timeoutMs?: number;
}

export interface MountCheckResult {
  reasons: string[];
  /** Said but not held against the candidate (another build's error, no route of its own). */
  notes: string[];
  /** The path the page opened on. */
  route: string;
}

/** A path the pattern matches: params filled in, a trailing `*` dropped. */
export function samplePath(pattern: string): string {
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .filter((s) => s !== '*')
    .map((s) => (s.startsWith(':') ? 'publish-gate' : s));
  return '/' + parts.join('/');
}

function manifestEntry(meta: Pick<PublishedMeta, 'team' | 'name' | 'version' | 'routes'>): RemoteManifestEntry {
  if (!isRemoteTeam(meta.team)) throw new Error(`${meta.team} is not a remote team`);
  // No integrity: the candidate's bytes are served from its folder, and the check is about
  // mounting, not about the CDN.
  return {
    team: meta.team,
    name: meta.name,
    version: meta.version,
    entry: `/registry/${meta.team}/${meta.version}/${REMOTE_ENTRY}`,
    routes: [...meta.routes],
  };
}

function harnessHtml(boot: BootData, shell: PublishedMeta): string {
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  const scripts = shell.entryFiles
    .map((file) => `<script defer src="/registry/${SHELL_TEAM}/${shell.version}/${file}"></script>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>publish gate</title>
<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">${json}</script>
${scripts}
</head>
<body>
<div id="forecourt-root"></div>
</body>
</html>
`;
}

function isSafeRelative(file: string): boolean {
  return (
    !!file &&
    !file.includes('\0') &&
    !path.isAbsolute(file) &&
    file.split(/[\\/]/).every((part) => part !== '..' && part !== '' && !part.startsWith('.'))
  );
}

async function startServer(input: MountCheckInput, html: string): Promise<{ server: FastifyInstance; origin: string }> {
  const { candidate, registry } = input;
  const server = Fastify({ logger: false });
  // Published builds come from the registry (its folder, or its object storage), the candidate from its build folder.
  await server.register(fastifyStatic, {
    root: registry.localRoot ?? path.resolve(candidate.dir),
    serve: false,
    index: false,
    dotfiles: 'deny',
  });
  server.get<{ Params: { team: string; version: string; '*': string } }>(
    '/registry/:team/:version/*',
    async (request, reply) => {
      const { team, version, '*': file } = request.params;
      if (team === candidate.team && version === candidate.version) {
        if (!isSafeRelative(file)) return reply.code(404).send({ error: 'Not found' });
        return reply.sendFile(file, path.resolve(candidate.dir));
      }
      return sendPublishedFile(registry, request, reply, team, version, file);
    },
  );
  // Failure reports and analytics: accepted (the browser side reads them from the request).
  server.post('/api/events', async (_request, reply) => reply.code(202).send({ ok: true }));
  server.all('/api/*', async (_request, reply) =>
    reply.code(503).send({ error: 'The publish gate serves no team APIs' }),
  );
  server.get('/*', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html),
  );
  const origin = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, origin };
}

interface FailureReport {
  kind: string;
  remote: string;
  version: string;
  detail: string;
}

/** What the page did wrong while being watched. */
class PageWatch {
  readonly reports: FailureReport[] = [];
  readonly uncaught: string[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/api/events')) return;
      try {
        const body = JSON.parse(request.postData() ?? '{}') as { eventId?: number; payload?: Partial<FailureReport> };
        const p = body.payload;
        // The shell's failure report (kind, remote, version, detail).
        if (body.eventId === PLATFORM_EVENT.failure && p?.kind && p.remote) {
          this.reports.push({ kind: p.kind, remote: p.remote, version: p.version ?? '', detail: p.detail ?? '' });
        }
      } catch {
        // not a JSON event: not a failure report
      }
    });
    page.on('pageerror', (error) => this.uncaught.push(`${error.message}\n${error.stack ?? ''}`));
  }
}

/**
 * Runs in the page: loads each exposed module through the shell's federation runtime and renders
 * it (the team's sample props or none, the platform provider around it, an error boundary that records what it
 * throws), then waits `settleMs`; resolves with one failure text per module that failed. Plain
 * JavaScript in a string: the page runs it as written, with nothing a compiler adds.
 */
const RENDER_FRAGMENTS = `async ({ container, modules, props, settleMs }) => {
  const instances = (globalThis.__FEDERATION__ && globalThis.__FEDERATION__.__INSTANCES__) || [];
  const host = instances.find((i) => i.name === 'shell') || instances[0];
  const failures = {};
  const fail = (module, error) => {
    if (!(module in failures)) failures[module] = error && error.message ? error.message : String(error);
  };
  if (!host) {
    for (const m of modules) fail(m, 'the shell started no federation runtime on the page');
    return failures;
  }
  const share = async (name) => {
    const factory = await host.loadShare(name);
    if (!factory) throw new Error('the shell provides no shared ' + name);
    return factory();
  };
  const React = await share('react');
  const ReactDOM = await share('react-dom/client');
  const platform = await share('@forecourt/shared-config');
  for (const module of modules) {
    const id = container + '/' + module.replace(/^\\.\\//, '');
    let loaded;
    try {
      loaded = await host.loadRemote(id);
    } catch (error) {
      fail(module, error);
      continue;
    }
    const Fragment = loaded && typeof loaded === 'object' && 'default' in loaded ? loaded.default : loaded;
    if (typeof Fragment !== 'function' && (typeof Fragment !== 'object' || Fragment === null)) {
      fail(module, new Error(id + ' exposes no component'));
      continue;
    }
    if (module === './app') continue;
    class Boundary extends React.Component {
      constructor(props) { super(props); this.state = { failed: false }; }
      static getDerivedStateFromError() { return { failed: true }; }
      componentDidCatch(error) { fail(module, error); }
      render() { return this.state.failed ? null : this.props.children; }
    }
    const element = document.createElement('div');
    element.setAttribute('data-publish-gate', id);
    document.body.append(element);
    ReactDOM.createRoot(element).render(
      React.createElement(platform.ForecourtProvider, null, React.createElement(Boundary, null, React.createElement(Fragment, props[module] || {}))),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return failures;
}`;

async function renderFragments(
  page: Page,
  container: string,
  modules: string[],
  props: Readonly<Record<string, Record<string, unknown>>>,
  settleMs: number,
): Promise<Record<string, string>> {
  const result: unknown = await page.evaluate(
    `(${RENDER_FRAGMENTS})(${JSON.stringify({ container, modules, props, settleMs })})`,
  );
  return result as Record<string, string>;
}

/** Runs the check; the browser and the server are always closed again. */
export async function checkMount(input: MountCheckInput): Promise<MountCheckResult> {
  const { candidate, shell, others, tenant } = input;
  const timeoutMs = input.timeoutMs ?? 10_000;
  const remotes = [
    manifestEntry({ ...candidate.info, team: candidate.team, version: candidate.version }),
    ...others.filter((o) => o.team !== candidate.team).map(manifestEntry),
  ];
  const notes: string[] = [];
  const reasons: string[] = [];
  const owned = candidate.info.routes
    .map(samplePath)
    .find((p) => resolveRouteOwner(remotes, p)?.team === candidate.team);
  const route = owned ?? '/';
  if (!owned) notes.push(`${label(candidate)} owns no route on the page, so its ./app was loaded but not mounted`);

  const boot: BootData = {
    tenant,
    remotes,
    shellVersion: shell.version,
    session: null,
    // Short: a remote that cannot load in the gate is refused in seconds, not after the site's timeouts.
    failurePolicy: { entryTimeoutMs: Math.min(5000, timeoutMs), fragmentTimeoutMs: Math.min(4000, timeoutMs) },
    search: {
      appId: 'publish-gate',
      apiKey: 'publish-gate',
      hosts: [],
      indexName: 'publish-gate',
      sorts: { relevant: 'publish-gate', latest: 'publish-gate', priceDesc: 'publish-gate', priceAsc: 'publish-gate' },
      sortFilters: {},
    },
  };
  const { server, origin } = await startServer(input, harnessHtml(boot, shell));
  let browser: Browser | undefined;
  try {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], timeout: 30_000 });
    const page = await browser.newPage();
    const watch = new PageWatch(page);
    await page.goto(`${origin}${route}`, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    const mine = `/registry/${candidate.team}/${candidate.version}/`;

    if (owned) {
      const slot = page.locator(`#app-${candidate.team}[data-status]:not([data-status="loading"])`);
      const settled = await slot.waitFor({ timeout: timeoutMs }).then(
        () => true,
        () => false,
      );
      // React renders after mount resolves: a render error turns a mounted slot into a failed one.
      await page.waitForTimeout(400);
      const status = settled ? await slot.getAttribute('data-status') : null;
      const own = watch.reports.filter((r) => r.remote === candidate.team);
      const why = own.length ? `: ${own.map((r) => `${r.kind} — ${r.detail}`).join('; ')}` : '';
      if (!settled) reasons.push(`${label(candidate)} ./app did not mount on ${route} within ${timeoutMs} ms${why}`);
      else if (status !== 'mounted')
        reasons.push(`${label(candidate)} ./app did not mount on ${route} (the shell marked it ${status})${why}`);
      else if (own.length) reasons.push(`${label(candidate)} ./app mounted on ${route} but failed after${why}`);
    } else {
      const failures = await renderFragments(page, candidate.info.name, ['./app'], {}, 0);
      for (const [module, error] of Object.entries(failures))
        reasons.push(`${label(candidate)} ${module} does not load: ${error}`);
    }

    const fragments = candidate.info.exposes.filter((e) => e !== './app');
    if (fragments.length) {
      const failures = await renderFragments(page, candidate.info.name, fragments, input.fragmentProps ?? {}, 500);
      for (const [module, error] of Object.entries(failures))
        reasons.push(`${label(candidate)} ${module} does not mount: ${error}`);
    }

    for (const error of watch.uncaught) {
      const first = error.split('\n')[0] ?? error;
      if (error.includes(mine)) reasons.push(`${label(candidate)} threw an uncaught error: ${first}`);
      else notes.push(`an uncaught error not from ${label(candidate)}'s files: ${first}`);
    }
    return { reasons: [...new Set(reasons)], notes, route };
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close();
  }
}
