import { POSTCODE_REGIONS, type PostcodeRegion } from './postcode-regions';
import { loadConfig, PARTNERS, partnerMode, type Config } from '@forecourt/config/load';

export interface GeocodedPostcode {
  postcode: string;
  /** The region the postcode belongs to, e.g. 'Northern Beaches'. */
  region: string;
  lat: number;
  lng: number;
}

/**
 * Postcode to a place: the geocoding partner's one call the platform uses (spec: 'GET to a maps
 * geocoding service: postal code and country AU -> results[0].geometry.location'). Null when the
 * postcode is not a place (spec: 'Geocoding a postcode with no result fails').
 */
export interface Geocoder {
  readonly kind: 'local' | 'http';
  geocode(postcode: string): Promise<GeocodedPostcode | null>;
}

/**
 * The embedded geocoder: the shipped postcode-region dataset (postcode-regions.ts), searched by
 * binary search over the blocks sorted by their first number. It answers in microseconds and
 * needs no network, so development, tests and dealers without a maps account get estimates.
 */
export class LocalPostcodeGeocoder implements Geocoder {
  readonly kind = 'local';
  private readonly regions: readonly PostcodeRegion[];

  constructor(regions: readonly PostcodeRegion[] = POSTCODE_REGIONS) {
    this.regions = [...regions].sort((a, b) => a[0] - b[0]);
  }

  async geocode(postcode: string): Promise<GeocodedPostcode | null> {
    return this.lookup(postcode);
  }

  lookup(postcode: string): GeocodedPostcode | null {
    if (!/^\d{4}$/.test(postcode)) return null;
    const n = Number(postcode);
    let lo = 0;
    let hi = this.regions.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [first, last, region, lat, lng] = this.regions[mid]!;
      if (n < first) hi = mid - 1;
      else if (n > last) lo = mid + 1;
      else return { postcode, region, lat, lng };
    }
    return null;
  }
}

/**
 * The production geocoder: a maps geocoding API called with the postcode and country AU
 * (`{url}?address={postcode}&components=country:AU|postal_code:{postcode}&key={key}`), reading
 * `results[0].geometry.location` and the first result's locality as the region. Configured with
 * FORECOURT_GEOCODING_URL and FORECOURT_GEOCODING_KEY.
 */
export class HttpGeocoder implements Geocoder {
  readonly kind = 'http';
  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async geocode(postcode: string): Promise<GeocodedPostcode | null> {
    if (!/^\d{4}$/.test(postcode)) return null;
    const query = new URLSearchParams({
      address: postcode,
      components: `country:AU|postal_code:${postcode}`,
      key: this.key,
    });
    const response = await this.fetchImpl(`${this.url}?${query}`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`geocoding service answered ${response.status}`);
    const body = (await response.json()) as {
      results?: Array<{ formatted_address?: string; geometry?: { location?: { lat: number; lng: number } } }>;
    };
    const first = body.results?.[0];
    const location = first?.geometry?.location;
    if (!location) return null;
    return {
      postcode,
      region: first.formatted_address?.split(',')[0]?.trim() || postcode,
      lat: location.lat,
      lng: location.lng,
    };
  }
}

/** FORECOURT_GEOCODING_URL and _KEY (or FORECOURT_GEOCODING=http|simulator) select the geocoder's API; else the local table. */
export function geocoderFromConfig(config: Config = loadConfig()): Geocoder {
  const { FORECOURT_GEOCODING_URL: url, FORECOURT_GEOCODING_KEY: key } = config;
  if (partnerMode(config, PARTNERS.geocoding) === 'http' && url && key) return new HttpGeocoder(url, key);
  return new LocalPostcodeGeocoder();
}
