import fp from 'fastify-plugin';
import type { FinancePartner } from '@forecourt/mf-finance/contract';
import { financePartnerFromConfig } from '@forecourt/partners/finance/finance-partner';
import { geocoderFromConfig, type Geocoder } from '@forecourt/partners/geocoding/geocoder';
import { StockPriceGuide, type PriceGuide } from '@forecourt/partners/price-guide/price-guide';
import { StockRegoRegister, type RegoRegister } from '@forecourt/partners/rego/rego-register';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outside services the platform calls, each behind its adapter (embedded defaults here). */
    partners: { geocoder: Geocoder; priceGuide: PriceGuide; regoRegister: RegoRegister; finance: FinancePartner };
  }
}

export interface PartnersOptions {
  geocoder?: Geocoder;
  priceGuide?: PriceGuide;
  regoRegister?: RegoRegister;
  finance?: FinancePartner;
}

/**
 * The partners the platform cannot run itself, each behind a port with a local implementation
 * that answers like the real one: geocoding (the shipped postcode regions, or a maps API when
 * FORECOURT_GEOCODING_URL is set), the price guide (estimated from the platform's stock) and the
 * rego register (the plates in the platform's stock), and the finance partner (its simulator, or its
 * API when FORECOURT_FINANCE_PARTNER_URL and _KEY are set: partners/finance/README.md). The
 * SMS gateway belongs to identity (routes/identity.ts).
 */
export default fp<PartnersOptions>(
  async (fastify, options) => {
    fastify.decorate('partners', {
      geocoder: options.geocoder ?? geocoderFromConfig(fastify.config),
      priceGuide: options.priceGuide ?? new StockPriceGuide(fastify.database.db),
      regoRegister: options.regoRegister ?? new StockRegoRegister(fastify.database.db),
      finance: options.finance ?? financePartnerFromConfig(fastify.config),
    });
  },
  { name: 'partners', fastify: '5.x', dependencies: ['config', 'database'] },
);
