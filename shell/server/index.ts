/**
 * The shell's server half: the first paint of its chrome (header, slots, not-found, footer),
 * rendered from the same component the shell renders in the browser, so the page is laid out
 * before any script runs and does not move when the shell starts.
 */
import type { BootData } from '@forecourt/shared-config';
import { FIRST_PAINT_ATTRIBUTE } from '@forecourt/shared-config';
import { staticRenderer } from '@forecourt/shared-config/server/render';
import { createElement } from 'react';
import packageJson from '../package.json';
import { Chrome } from '../src/chrome/chrome';

/** The shell build this server renders like: the platform uses it only when that build is pinned. */
export const SHELL_SERVER_VERSION: string = packageJson.version;

export interface ShellFirstPaintInput {
  boot: BootData;
  /** The page's path and query. */
  url: string;
  /** Whether an enabled remote owns the path (otherwise the chrome shows not-found). */
  routeOwned: boolean;
  /** The owning team's own first paint, placed in its slot. */
  app?: { team: string; html: string };
}

/** Where the app's first paint goes in the chrome's cached HTML (it is spliced in after the render). */
const APP_SLOT = '<!--forecourt:first-paint-->';

/**
 * The chrome's HTML for `#forecourt-root`, with the app's first paint in its slot. The chrome is
 * rendered with a marker in the slot and the app's HTML spliced in after, so one render of a
 * page's chrome serves every answer the app gives on it (the render is cached by its inputs).
 */
export function renderShellFirstPaint({ boot, url, routeOwned, app }: ShellFirstPaintInput): string {
  const render = staticRenderer({
    tenant: boot.tenant,
    search: boot.search ?? null,
    url,
    session: boot.session ? { status: 'signed-in', user: boot.session } : { status: 'signed-out' },
  });
  const firstPaint = app
    ? { team: app.team, html: `<div ${FIRST_PAINT_ATTRIBUTE}="${app.team}">${APP_SLOT}</div>` }
    : undefined;
  const chrome = render(
    createElement(Chrome, { remotes: boot.remotes, routeOwned, firstPaint, content: boot.content }),
    {
      version: SHELL_SERVER_VERSION,
      remotes: boot.remotes,
      routeOwned,
      team: app?.team ?? null,
      content: boot.content ?? null,
    },
  );
  if (!app) return chrome;
  const at = chrome.indexOf(APP_SLOT);
  return `${chrome.slice(0, at)}${app.html}${chrome.slice(at + APP_SLOT.length)}`;
}
