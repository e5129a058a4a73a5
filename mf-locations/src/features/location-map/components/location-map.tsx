import { css } from '@emotion/react';
import { alpha, NEAR_MARKER_CSS, STATIC_MAP, SURFACE, useNearWindow, useTenant } from '@forecourt/shared-config';
import { useEffect, useRef, useState } from 'react';

/** A place the map marks. */
export interface MapPlace {
  slug: string;
  name: string;
  lat: number;
  lng: number;
}

/** How long the tiles have to show before the map stays static (a blocked or unreachable tile server). */
export const TILE_WAIT_MS = 5000;

/**
 * Where each place sits on the static map, in percent of its width and height: an
 * equirectangular projection around the places' mean latitude, scaled so the farthest apart fit
 * inside the margins (labels need room at the edges). One place, or places at one address (a
 * site's sales, service and parts), sit in the middle. Enough for a dealer's yards in one region,
 * which is all the static map draws.
 */
export function projectPlaces(
  places: readonly MapPlace[],
  marginX = 18,
  marginY = 22,
): Array<MapPlace & { x: number; y: number }> {
  if (places.length === 0) return [];
  const meanLat = places.reduce((sum, place) => sum + place.lat, 0) / places.length;
  const kx = Math.cos((meanLat * Math.PI) / 180);
  const xs = places.map((place) => place.lng * kx);
  const ys = places.map((place) => -place.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // One scale for both axes keeps the yards' bearings true; the wider spread decides it.
  const span = Math.max(maxX - minX, maxY - minY);
  const position = (value: number, min: number, spread: number, margin: number) =>
    span === 0 ? 50 : margin + ((value - min + (span - spread) / 2) / span) * (100 - 2 * margin);
  return places.map((place, i) => ({
    ...place,
    x: Math.round(position(xs[i]!, minX, maxX - minX, marginX) * 10) / 10,
    y: Math.round(position(ys[i]!, minY, maxY - minY, marginY) * 10) / 10,
  }));
}

/** Places at one address share a pin, named after the first (the site's main listing). */
function byAddress(places: readonly MapPlace[]): MapPlace[] {
  const seen = new Map<string, MapPlace>();
  for (const place of places) {
    const key = `${place.lat.toFixed(4)},${place.lng.toFixed(4)}`;
    if (!seen.has(key)) seen.set(key, place);
  }
  return [...seen.values()];
}

const PIN = 'M0 0c-5.5 0-10-4.3-10-9.7C-10-17 0-28 0-28s10 11 10 18.3C10-4.3 5.5 0 0 0z';

/**
 * The platform's own map, drawn without tiles: the places as pins on a plain ground, placed by
 * their coordinates relative to each other. It is what a site without a tile source shows, and
 * what every site shows while tiles load or when they cannot (no network to the tile server).
 */
function StaticMap({ places, label }: { places: readonly MapPlace[]; label: string }) {
  const { theme } = useTenant();
  const placed = projectPlaces(byAddress(places));
  return (
    <div
      role="img"
      aria-label={label}
      css={css`
        position: absolute;
        inset: 0;
        background-color: ${STATIC_MAP.land};
        background-image:
          linear-gradient(${STATIC_MAP.grid} 1px, transparent 1px),
          linear-gradient(90deg, ${STATIC_MAP.grid} 1px, transparent 1px);
        background-size: 40px 40px;
      `}
    >
      {placed.map((place) => (
        <div
          key={place.slug}
          css={{ position: 'absolute', left: `${place.x}%`, top: `${place.y}%`, transform: 'translate(-50%, -100%)' }}
        >
          <svg width="24" height="32" viewBox="-12 -30 24 32" aria-hidden="true">
            <path d={PIN} fill={theme.primary} stroke={SURFACE.onInverse} strokeWidth="2" />
            <circle cx="0" cy="-18" r="3.5" fill={SURFACE.onInverse} />
          </svg>
          {/* Shifted by the pin's own share of the width, so a label near an edge stays inside the map. */}
          <span
            css={{
              position: 'absolute',
              top: '100%',
              left: '50%',
              transform: `translateX(-${place.x}%)`,
              marginTop: 2,
              width: 'max-content',
              maxWidth: '11rem',
              textAlign: 'center',
              lineHeight: 1.25,
              fontSize: '0.8125rem',
              fontWeight: 600,
              padding: '0 0.3rem',
              borderRadius: 4,
              background: alpha(SURFACE.background, 85),
            }}
          >
            {place.name}
          </span>
        </div>
      ))}
    </div>
  );
}

/** Leaflet's stylesheet, added to the page once, the first time a tiled map is made. */
async function ensureLeafletStyles(): Promise<void> {
  if (document.getElementById('mf-locations-leaflet-css')) return;
  const { default: text } = await import('leaflet/dist/leaflet.css');
  if (document.getElementById('mf-locations-leaflet-css')) return;
  const style = document.createElement('style');
  style.id = 'mf-locations-leaflet-css';
  style.textContent = text;
  document.head.append(style);
}

/**
 * A map of one or several locations (spec: 'Maps service loaded for location maps'). With the
 * site's tile source (`locations.mapTiles`), Leaflet draws the tiles and a pin per place; it is
 * loaded only with a map and shown only once a tile has arrived. Until then, and for good when
 * no tile comes within 5 s or a tile fails first (the network cannot reach the tile server, as
 * on a closed network), the static map stays: the page never shows a grey box. Leaflet and its
 * tiles (about 40 KB of script and a few hundred KB of images) are asked for only when the map
 * comes near the window: below a phone's first screen, a shopper who never scrolls to it does not
 * pay for it, and the static map is already there when the shopper does.
 */
export function LocationMap({
  places,
  label,
  height = 300,
}: {
  places: readonly MapPlace[];
  label: string;
  height?: number;
}) {
  const { locations, theme } = useTenant();
  const tiles = locations.mapTiles;
  const container = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<'static' | 'tiles'>('static');
  const key = places.map((place) => `${place.slug}:${place.lat},${place.lng}`).join('|');
  const [near, isNear] = useNearWindow(false);

  useEffect(() => {
    if (!isNear || !tiles || places.length === 0 || !container.current) return;
    let cancelled = false;
    let map: import('leaflet').Map | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = () => {
      if (cancelled) return;
      cancelled = true;
      map?.remove();
      map = null;
      setMode('static');
    };
    void (async () => {
      try {
        const [{ default: L }] = await Promise.all([import('leaflet'), ensureLeafletStyles()]);
        if (cancelled || !container.current) return;
        map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true });
        const layer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 });
        let loaded = false;
        layer.on('tileload', () => {
          if (loaded || cancelled) return;
          loaded = true;
          clearTimeout(timer);
          setMode('tiles');
        });
        layer.on('tileerror', () => {
          if (!loaded) giveUp();
        });
        layer.addTo(map);
        const icon = L.divIcon({
          className: '',
          html: `<svg width="28" height="36" viewBox="-14 -34 28 36" aria-hidden="true"><path d="${PIN}" fill="${theme.primary}" stroke="${SURFACE.onInverse}" stroke-width="2"/><circle cx="0" cy="-18" r="3.5" fill="${SURFACE.onInverse}"/></svg>`,
          iconSize: [28, 36],
          iconAnchor: [14, 34],
        });
        for (const place of places)
          L.marker([place.lat, place.lng], { icon, title: place.name, alt: place.name, keyboard: false }).addTo(map);
        if (places.length === 1) map.setView([places[0]!.lat, places[0]!.lng], 14);
        else
          map.fitBounds(L.latLngBounds(places.map((place) => [place.lat, place.lng] as [number, number])), {
            padding: [40, 40],
          });
        timer = setTimeout(() => {
          if (!loaded) giveUp();
        }, TILE_WAIT_MS);
      } catch (error) {
        console.warn('[mf-locations] the map could not start; the static map stays', error);
        giveUp();
      }
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      map?.remove();
    };
    // `key` stands for the places; the tile source is the site's and does not change on a page.
  }, [isNear, key, tiles, theme.primary]);

  return (
    <div
      data-map={mode}
      css={css`
        label: mf-locations-map;
        position: relative;
        height: ${height}px;
        border-radius: ${SURFACE.radius};
        overflow: hidden;
        border: 1px solid ${SURFACE.border};
        background: ${STATIC_MAP.land};
      `}
    >
      <div
        ref={container}
        role="region"
        aria-label={label}
        aria-hidden={mode === 'static' ? true : undefined}
        css={{ position: 'absolute', inset: 0, visibility: mode === 'tiles' ? 'visible' : 'hidden' }}
      />
      {mode === 'static' && <StaticMap places={places} label={label} />}
      <span ref={near} css={NEAR_MARKER_CSS} />
    </div>
  );
}
