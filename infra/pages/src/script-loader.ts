import { FIRST_PAINT_INPUT_SCRIPT } from '@forecourt/shared-config/first-paint';
import { createHash } from 'node:crypto';

/**
 * When a page comes with a first paint, its scripts are not on the way to that paint: the page is
 * already laid out and its first images are what the shopper waits for. So the page's scripts
 * (the shell's entry files, and the route's remote entry as a preload) start once the page has
 * loaded (its first-row images included), or 1.5 s after this runs if something holds the load
 * event back, instead of competing with those images for a phone's bandwidth. The cost: the app
 * takes over a little later (on a slow 4G link, the time of the first row's images, about
 * 20 KB), while the first paint is there to read. Without a first paint the page keeps
 * `<script defer>` in its head (renderPage).
 *
 * The loader is one constant inline script, allowed by its hash in the page's CSP (no
 * 'unsafe-inline'); what it loads comes from the JSON element before it, with Subresource
 * Integrity as before. Scripts are appended with `async = false`, so they run in order, as
 * `defer` would.
 */
export const SCRIPT_PLAN_ELEMENT_ID = 'forecourt-scripts';

export interface ScriptPlan {
  scripts: Array<{ src: string; integrity?: string }>;
  preload: Array<{ src: string; integrity?: string }>;
}

export const SCRIPT_LOADER = `(function () {
  var started = false;
  function add(tag, source, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element[name] = attributes[name];
    element.crossOrigin = 'anonymous';
    if (source.integrity) element.integrity = source.integrity;
    document.head.appendChild(element);
  }
  function start() {
    if (started) return;
    started = true;
    var plan = JSON.parse(document.getElementById('${SCRIPT_PLAN_ELEMENT_ID}').textContent);
    plan.preload.forEach(function (p) { add('link', p, { rel: 'preload', as: 'script', href: p.src }); });
    plan.scripts.forEach(function (s) { add('script', s, { src: s.src, async: false }); });
  }
  if (document.readyState === 'complete') start();
  else {
    window.addEventListener('load', start);
    setTimeout(start, 1500);
  }
})();`;

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP sources that allow exactly the inline scripts of a first-painted page: this loader, and the first paint's input notes (shared-config's FIRST_PAINT_INPUT_SCRIPT). */
export const INLINE_SCRIPT_CSP_SOURCES = [cspHash(SCRIPT_LOADER), cspHash(FIRST_PAINT_INPUT_SCRIPT)];
