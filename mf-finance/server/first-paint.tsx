/**
 * The first paint of the finance pages (see shared-config's runtime/first-paint.ts): the server
 * reads what the page asks for as it mounts (the chosen car of a `car_id` link, the Get Finance
 * Now page's featured used cars) and renders the same routes the app renders, so the heading, the
 * words under it and the enquiry's first step are in the HTML: the page's largest paint no longer
 * waits for the app's code and then for its data (Lighthouse measured about 4 s on a phone
 * before). The app starts from the same data (inlined) without asking again and takes over in its
 * first commit. The instant quote is not read here: it is asked half a second after the form
 * shows, in the browser, as it is after every change.
 */
import { AppFrame } from '@forecourt/shared-config';
import type { FirstPaint, FirstPaintRequest } from '@forecourt/shared-config/server';
import { staticRenderer } from '@forecourt/shared-config/server/render';
import { tenantRoutes, type PublicTenantConfig } from '@forecourt/shared-config/tenant';
import routes from '../routes.json';
import { FinanceRoutes } from '../src/app/finance-app';
import { readFinanceQuery } from '../src/features/finance-enquiry/lib/finance-query';
import { FinanceServerContext, type FinanceFirstPaintData } from '../src/features/finance-page/lib/first-paint';
import { isGetFinanceNow } from '../src/features/finance-page/lib/finance-page';
import { chosenCar, featuredCars } from './cars';
import type { FinancePorts } from './ports';

/** The pages of FinanceRoutes, each the finance page: routes.json's and the site's own (its finance link, the Equifax finance page). */
function isFinancePage(pathname: string, tenant: PublicTenantConfig): boolean {
  const path = `/${pathname.split('/').filter(Boolean).join('/')}`;
  return [...routes, ...tenantRoutes(tenant, 'mf-finance')].includes(path);
}

export async function renderFinanceFirstPaint(
  input: FirstPaintRequest,
  ports: FinancePorts,
): Promise<FirstPaint | null> {
  const url = new URL(input.url, 'http://first-paint.invalid');
  // A site with finance off has no finance pages; its API answers 404 to the page's requests.
  if (!isFinancePage(url.pathname, input.tenant) || !ports.financeSettings(input.request)) return null;
  const { carId } = readFinanceQuery(url.searchParams);
  const [car, featured] = await Promise.all([
    carId ? chosenCar(ports, input.request, carId) : undefined,
    isGetFinanceNow(carId, input.tenant.finance) ? featuredCars(ports, input.request) : undefined,
  ]);
  const data: FinanceFirstPaintData = {
    ...(carId ? { chosen: { id: carId, car: car ?? null } } : {}),
    ...(featured ? { featured } : {}),
  };
  const render = staticRenderer({
    tenant: input.tenant,
    search: input.search,
    url: `${url.pathname}${url.search}`,
    session: input.session,
  });
  const html = render(
    <FinanceServerContext.Provider value={data}>
      <AppFrame team="mf-finance" version={input.version}>
        <FinanceRoutes />
      </AppFrame>
    </FinanceServerContext.Provider>,
    { version: input.version, data },
  );
  return { html, data };
}
