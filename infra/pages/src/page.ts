import { BOOT_DATA_ELEMENT_ID, SURFACE } from '@forecourt/shared-config';
import type { BootData, RemoteManifestEntry, SearchAccess } from '@forecourt/shared-config/manifest';
import {
  FIRST_PAINT_CSS,
  FIRST_PAINT_DATA_ID,
  FIRST_PAINT_INPUT_SCRIPT,
  type FirstPaintPayload,
} from '@forecourt/shared-config/first-paint';
import { resolveRouteOwner } from '@forecourt/shared-config/routes';
import { REMOTE_TEAMS, type RemoteTeam } from '@forecourt/shared-config/teams';
import { tenantRoutes, toPublicTenantConfig, type TenantConfig } from '@forecourt/shared-config/tenant';
import type { Canary, Pin } from '@forecourt/data/pins';
import { servesCanary } from '@forecourt/releases/pins/canary';
import { REMOTE_ENTRY, SHELL_TEAM, type Registry } from '@forecourt/releases/registry/registry';
import type { PageHead } from '@forecourt/shared-config/server';
import type { Config } from '@forecourt/config/load';
import { OVERRIDE_VERSION } from './override';
import { SCRIPT_LOADER, SCRIPT_PLAN_ELEMENT_ID, type ScriptPlan } from './script-loader';

export interface ShellScript {
  src: string;
  integrity: string | undefined;
}

export interface ComposedPage {
  /** 200 when a remote switched on for this tenant owns the path, 404 otherwise. */
  status: 200 | 404;
  boot: BootData;
  owner: RemoteManifestEntry | undefined;
  /**
   * The package version of the sources the owner's build was made from, when it was published
   * under another (the demo's earlier pin): server-side only, for the first paint's choice.
   */
  ownerSourceVersion?: string;
  shellScripts: ShellScript[];
  /** The teams a developer override replaced on this page (none for shoppers). */
  overridden?: Array<{ team: RemoteTeam; entry: string; pinned: string }>;
}

/**
 * The shell's failure-policy timeouts, when the environment sets them
 * (FORECOURT_ENTRY_TIMEOUT_MS, FORECOURT_FRAGMENT_TIMEOUT_MS); the shell's defaults otherwise.
 * The journeys set short ones so a hung remote is proven in seconds.
 */
export function failurePolicyFromConfig(config: Config): BootData['failurePolicy'] {
  const entryTimeoutMs = config.FORECOURT_ENTRY_TIMEOUT_MS;
  const fragmentTimeoutMs = config.FORECOURT_FRAGMENT_TIMEOUT_MS;
  if (entryTimeoutMs === undefined && fragmentTimeoutMs === undefined) return undefined;
  return { ...(entryTimeoutMs ? { entryTimeoutMs } : {}), ...(fragmentTimeoutMs ? { fragmentTimeoutMs } : {}) };
}

/**
 * The pins one shopper's page is built from: where a canary runs and the shopper's bucket falls
 * in its share, the canary's version, with the pin as its last good (a canary that fails to load
 * falls back to what every other shopper runs). The manifest then names the version served.
 */
export function pinsForShopper(
  pins: ReadonlyMap<string, Pin>,
  canaries: ReadonlyMap<string, Canary>,
  shopperId: string,
): Map<string, Pin> {
  const result = new Map(pins);
  for (const [team, canary] of canaries) {
    const pin = pins.get(team);
    if (!pin || pin.version === canary.version || !servesCanary(shopperId, canary)) continue;
    result.set(team, { ...pin, version: canary.version, lastGoodVersion: pin.version });
  }
  return result;
}

export function entryUrl(team: string, version: string, file: string): string {
  return `/registry/${team}/${version}/${file}`;
}

/**
 * Builds what one page load needs from the tenant's effective pins. Returns null when no shell
 * is pinned (or its build is missing): without it there is no page to serve.
 *
 * `overrides` (a developer override, already verified: see override.ts) loads those teams from
 * the given entry instead: no integrity (a dev server's bytes change on every save), no last good
 * (a broken local build should show as broken), version `override`; the routes stay those of the
 * pinned build. A team switched off or never pinned for the tenant is not added by an override.
 */
export async function composePage(
  tenant: TenantConfig,
  pins: ReadonlyMap<string, Pin>,
  registry: Registry,
  pathname: string,
  search?: SearchAccess,
  failurePolicy?: BootData['failurePolicy'],
  overrides?: Partial<Record<RemoteTeam, string>>,
): Promise<ComposedPage | null> {
  const shellPin = pins.get(SHELL_TEAM);
  const shell = shellPin ? await registry.meta(SHELL_TEAM, shellPin.version) : null;
  if (!shell) return null;

  const remotes: RemoteManifestEntry[] = [];
  const overridden: Array<{ team: RemoteTeam; entry: string; pinned: string }> = [];
  const sourceVersions = new Map<RemoteTeam, string>();
  for (const team of REMOTE_TEAMS) {
    if (!tenant.features[team]) continue;
    const pin = pins.get(team);
    const meta = pin ? await registry.meta(team, pin.version) : null;
    // A switched-on remote that was never pinned simply is not on the page: its routes 404 and
    // the rest of the site works, as when a remote fails to load.
    if (!pin || !meta) continue;
    const override = overrides?.[team];
    if (override) {
      remotes.push({
        team,
        name: meta.name,
        version: OVERRIDE_VERSION,
        entry: override,
        routes: [...meta.routes, ...tenantRoutes(tenant, team)],
      });
      overridden.push({ team, entry: override, pinned: meta.version });
      continue;
    }
    if (meta.sourceVersion) sourceVersions.set(team, meta.sourceVersion);
    const entry: RemoteManifestEntry = {
      team: team satisfies RemoteTeam,
      name: meta.name,
      version: meta.version,
      entry: entryUrl(team, meta.version, REMOTE_ENTRY),
      integrity: meta.integrity[REMOTE_ENTRY],
      routes: [...meta.routes, ...tenantRoutes(tenant, team)],
    };
    const lastGood = pin.lastGoodVersion ? await registry.meta(team, pin.lastGoodVersion) : null;
    if (lastGood) {
      entry.lastGood = {
        version: lastGood.version,
        entry: entryUrl(team, lastGood.version, REMOTE_ENTRY),
        integrity: lastGood.integrity[REMOTE_ENTRY],
      };
    }
    remotes.push(entry);
  }

  const owner = resolveRouteOwner(remotes, pathname);
  const ownerSourceVersion = owner ? sourceVersions.get(owner.team) : undefined;
  return {
    status: owner ? 200 : 404,
    ...(ownerSourceVersion ? { ownerSourceVersion } : {}),
    boot: {
      tenant: toPublicTenantConfig(tenant),
      remotes,
      shellVersion: shell.version,
      ...(search ? { search } : {}),
      ...(failurePolicy ? { failurePolicy } : {}),
    },
    ...(overridden.length > 0 ? { overridden } : {}),
    owner,
    shellScripts: shell.entryFiles.map((file) => ({
      src: entryUrl(SHELL_TEAM, shell.version, file),
      integrity: shell.integrity[file],
    })),
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that cannot close its <script> element or start an HTML comment inside it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function describe(tenant: TenantConfig): string {
  const noun = tenant.search.itemNoun;
  return `${tenant.name}: ${noun}s for sale in ${tenant.contact.city} ${tenant.contact.state}. Search stock, estimate finance, enquire and book a test drive.`;
}

function integrityAttr(integrity: string | undefined): string {
  return integrity ? ` integrity="${escapeHtml(integrity)}"` : '';
}

/** The server's first paint of a page: `#forecourt-root`'s HTML and the owning app's data. */
export interface PageFirstPaint {
  rootHtml: string;
  app?: FirstPaintPayload;
}

/** The head a team gave the page: canonical, Open Graph and JSON-LD (title and description go in their own tags). */
function headTags(head: PageHead | undefined): string {
  if (!head) return '';
  const tags: string[] = [];
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const [property, content] of Object.entries(head.openGraph ?? {}))
    tags.push(`<meta property="og:${escapeHtml(property)}" content="${escapeHtml(content)}">`);
  if (head.status === 404) tags.push('<meta name="robots" content="noindex">');
  for (const data of head.jsonLd ?? [])
    tags.push(`<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  return tags.map((tag) => `\n${tag}`).join('');
}

export function renderPage(
  tenant: TenantConfig,
  page: ComposedPage,
  firstPaint?: PageFirstPaint,
  head?: PageHead,
): string {
  // With a first paint the scripts start after the page has loaded (script-loader.ts); without
  // one they are the way to the first paint, so they are fetched at once.
  const preload =
    page.owner && !firstPaint
      ? `\n<link rel="preload" as="script" crossorigin="anonymous"${integrityAttr(page.owner.integrity)} href="${escapeHtml(page.owner.entry)}">`
      : '';
  const scripts = firstPaint
    ? ''
    : page.shellScripts
        .map(
          (s) =>
            `\n<script defer crossorigin="anonymous"${integrityAttr(s.integrity)} src="${escapeHtml(s.src)}"></script>`,
        )
        .join('');
  const plan: ScriptPlan = {
    scripts: page.shellScripts.map((s) => ({ src: s.src, ...(s.integrity ? { integrity: s.integrity } : {}) })),
    preload: page.owner
      ? [{ src: page.owner.entry, ...(page.owner.integrity ? { integrity: page.owner.integrity } : {}) }]
      : [],
  };
  const loader = firstPaint
    ? `\n<script id="${SCRIPT_PLAN_ELEMENT_ID}" type="application/json">${scriptSafeJson(plan)}</script>\n<script>${SCRIPT_LOADER}</script>`
    : '';
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(head?.title ?? tenant.name)}</title>
<meta name="description" content="${escapeHtml(head?.description ?? describe(tenant))}">${headTags(head)}
<meta name="theme-color" content="${escapeHtml(tenant.theme.primary)}">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">${preload}
<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(page.boot)}</script>${scripts}${firstPaint ? `\n<style>${FIRST_PAINT_CSS}</style>\n<script>${FIRST_PAINT_INPUT_SCRIPT}</script>` : ''}
</head>
<body>
<div id="forecourt-root">${firstPaint?.rootHtml ?? ''}</div>${
    firstPaint?.app
      ? `\n<script id="${FIRST_PAINT_DATA_ID}" type="application/json">${scriptSafeJson(firstPaint.app)}</script>`
      : ''
  }${loader}
<noscript>${escapeHtml(tenant.name)} needs JavaScript to show stock and forms. Call us on ${escapeHtml(tenant.contact.phone)}.</noscript>
</body>
</html>
`;
}

/** A page outside any dealer site: says what happened, names no tenant. */
/**
 * The plain page's look, from the shared tokens: the chrome's font and colours, one readable
 * column. Inline, so a page sent when the site cannot compose one (no dealer here, a site being
 * set up, too many requests) needs nothing else from the server.
 */
const PLAIN_PAGE_CSS = `body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:${SURFACE.text};background:${SURFACE.panel};line-height:1.5}main{box-sizing:border-box;max-width:40rem;margin:4rem auto;padding:2rem 1.5rem;background:${SURFACE.background};border:1px solid ${SURFACE.divider};border-radius:${SURFACE.radius}}h1{margin:0 0 .75rem;font-size:1.5rem;line-height:1.25}p{margin:0;color:${SURFACE.muted}}table{margin-top:1.5rem;border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid ${SURFACE.divider}}@media (max-width:40rem){main{margin:1rem;padding:1.5rem 1rem}}`;

export function renderPlainPage(
  title: string,
  message: string,
  table?: { headers: readonly string[]; rows: ReadonlyArray<readonly string[]> },
): string {
  const tableHtml = table
    ? `\n<table><thead><tr>${table.headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${table.rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('')}</tbody></table>`
    : '';
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${PLAIN_PAGE_CSS}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>${tableHtml}
</main>
</body>
</html>
`;
}
