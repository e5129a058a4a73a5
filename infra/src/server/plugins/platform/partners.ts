import fp from 'fastify-plugin';
import { geocoderFromEnv, type Geocoder } from '../../../partners/geocoding/geocoder';
import { StockPriceGuide, type PriceGuide } from '../../../partners/price-guide/price-guide';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outside services the platform calls, each behind its adapter (embedded defaults here). */
    partners: { geocoder: Geocoder; priceGuide: PriceGuide };
  }
}

export interface PartnersOptions {
  geocoder?: Geocoder;
  priceGuide?: PriceGuide;
}

/**
 * The partners the platform cannot run itself, each behind a port with a local implementation
 * that answers like the real one: geocoding (the shipped postcode regions, or a maps API when
 * FORECOURT_GEOCODING_URL is set) and the price guide (estimated from the platform's stock). The
 * SMS gateway belongs to identity (routes/identity.ts).
 */
export default fp<PartnersOptions>(
  async (fastify, options) => {
    fastify.decorate('partners', {
      geocoder: options.geocoder ?? geocoderFromEnv(),
      priceGuide: options.priceGuide ?? new StockPriceGuide(fastify.database.db),
    });
  },
  { name: 'partners', fastify: '5.x', dependencies: ['database'] },
);
