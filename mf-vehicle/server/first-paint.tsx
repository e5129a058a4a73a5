/**
 * The first paint of a vehicle page (see shared-config's runtime/first-paint.ts): the server reads
 * the car and renders the same page the app renders, so its name, price and key information are
 * in the HTML; the app starts from the same car (inlined as data) without reading it again and
 * takes over in its first commit. An unknown car gets the app's own not-found page.
 */
import { AppFrame } from '@forecourt/shared-config';
import type { FirstPaint, FirstPaintRequest } from '@forecourt/shared-config/server';
import { staticRenderer } from '@forecourt/shared-config/server/render';
import { VehicleRoutes } from '../src/app/vehicle-app';
import { VehicleServerContext, type VehicleFirstPaintData } from '../src/features/vehicle-page/lib/first-paint';
import { carSlugOf, SlugSchema } from './car-slug';
import type { VehiclePorts } from './ports';

export async function renderVehicleFirstPaint(
  input: FirstPaintRequest,
  ports: VehiclePorts,
): Promise<FirstPaint | null> {
  const url = new URL(input.url, 'http://first-paint.invalid');
  const slug = carSlugOf(url.pathname);
  if (slug === null) return null;
  const car = SlugSchema.safeParse(slug).success ? await ports.carBySlug(input.request, slug) : null;
  const data: VehicleFirstPaintData = { slug, car };
  const render = staticRenderer({
    tenant: input.tenant,
    search: input.search,
    url: `${url.pathname}${url.search}`,
    session: input.session,
  });
  const html = render(
    <VehicleServerContext.Provider value={data}>
      <AppFrame team="mf-vehicle" version={input.version}>
        <VehicleRoutes />
      </AppFrame>
    </VehicleServerContext.Provider>,
    { version: input.version, data },
  );
  return { html, data };
}
