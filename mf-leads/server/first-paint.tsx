/**
 * The first paint of the sign-in page (see shared-config's runtime/first-paint.ts): the server
 * renders the page the app renders, so its heading, its words and the form are in the HTML and
 * the page's largest paint no longer waits for the app's code (Lighthouse measured 3.6 s on a
 * phone before). The page reads nothing but the address, the site and the session, so there is
 * no data to inline. The other lead pages are built in the browser for now: each waits on the
 * form's context (locations, the car) that a first paint would have to read first.
 */
import { AppFrame } from '@forecourt/shared-config';
import type { FirstPaint, FirstPaintRequest } from '@forecourt/shared-config/server';
import { staticRenderer } from '@forecourt/shared-config/server/render';
import { LeadsRoutes } from '../src/app/leads-app';

/** The lead pages the server paints first (routes.json's paths). */
const FIRST_PAINTED = new Set(['/sign-in']);

export async function renderLeadsFirstPaint(input: FirstPaintRequest): Promise<FirstPaint | null> {
  const url = new URL(input.url, 'http://first-paint.invalid');
  if (!FIRST_PAINTED.has(url.pathname)) return null;
  const render = staticRenderer({
    tenant: input.tenant,
    search: input.search,
    url: `${url.pathname}${url.search}`,
    session: input.session,
  });
  const data = {};
  const html = render(
    <AppFrame team="mf-leads" version={input.version}>
      <LeadsRoutes />
    </AppFrame>,
    { version: input.version, data },
  );
  return { html, data };
}
