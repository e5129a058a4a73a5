import { css } from '@emotion/react';
import { isInStock, mediaAt, SURFACE, useTenant } from '@forecourt/shared-config';
import { Tabs } from '@forecourt/shared-config/tabs';
import { useMemo, useState } from 'react';
import type { VehicleSummary } from '../../../contract';
import { gallerySlides, isValidImage } from '../lib/gallery';
import { GalleryPlaceholder, ImageSlider } from './image-slider';
import { Hotspot, SpinViewer } from './spin-viewer';

type View = 'spin' | 'images' | 'interior';

/** The interior panorama with its hotspots (each at its first position). */
function Interior({ car }: { car: VehicleSummary }) {
  const [open, setOpen] = useState<string | null>(null);
  if (!car.spin?.interior) return null;
  return (
    <div
      css={css`
        position: relative;
        aspect-ratio: 3 / 2;
        border-radius: 8px;
        overflow: hidden;
        background: ${SURFACE.fill};
      `}
    >
      <img
        src={mediaAt(car.spin.interior, 1200)}
        alt={`Inside the ${car.name}`}
        width={1200}
        height={800}
        loading="lazy"
        css={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      {car.spin.hotspots.interior.map((spot) => {
        const at = spot.positions[0];
        return at ? (
          <Hotspot
            key={spot.id}
            id={spot.id}
            description={spot.description}
            x={at.posX}
            y={at.posY}
            open={open === spot.id}
            onToggle={() => setOpen((o) => (o === spot.id ? null : spot.id))}
          />
        ) : null;
      })}
    </div>
  );
}

/**
 * The car's pictures. With a 360 spin: Spin / Images / Interior tabs, the spin first unless the
 * site makes the gallery the default (`vehicle.galleryFirst`); leaving the Images tab puts the
 * slider back on its first picture (spec §4). Without: the slider alone, or the placeholder when
 * no picture is valid.
 */
export function Gallery({ car }: { car: VehicleSummary }) {
  const tenant = useTenant();
  const slides = useMemo(
    () => gallerySlides(car.images, car.thumbnails, car.video_url),
    [car.images, car.thumbnails, car.video_url],
  );
  const [index, setIndex] = useState(0);
  const hasSpin = Boolean(car.spin && car.spin.frames.length > 0);
  const [view, setView] = useState<View>(hasSpin && !tenant.vehicle.galleryFirst ? 'spin' : 'images');
  // The spin's 36 frames load once its tab is first shown, then stay (the panels stay mounted). Loaded
  // behind another tab they took the browser's connections to this site for seconds, and the
  // page's fragments and pictures waited behind them.
  const [spinShown, setSpinShown] = useState(view === 'spin');
  const inStock = isInStock(car.status);
  const slider = slides.length ? (
    <ImageSlider
      name={car.name}
      slides={slides}
      inStock={inStock}
      index={index}
      onIndexChange={setIndex}
      priority={view === 'images'}
    />
  ) : (
    <GalleryPlaceholder noun={tenant.search.itemNoun} />
  );
  if (!hasSpin || !car.spin)
    return (
      <div
        css={css`
          label: mf-vehicle-gallery;
        `}
      >
        {slider}
      </div>
    );
  const spin = car.spin;
  const hasInterior = isValidImage(spin.interior);
  return (
    <div
      css={css`
        label: mf-vehicle-gallery;
      `}
    >
      <Tabs
        label="Gallery views"
        value={view}
        keepMounted
        onValueChange={(next) => {
          // Spec §4: leaving the gallery resets the gallery index.
          if (next !== 'images') setIndex(0);
          if (next === 'spin') setSpinShown(true);
          setView(next as View);
        }}
        tabs={[
          {
            value: 'spin',
            label: 'Spin',
            content: spinShown ? (
              <SpinViewer
                name={car.name}
                frames={spin.frames}
                hotspots={spin.hotspots.exterior}
                autoRotate={tenant.vehicle.autoRotate}
              />
            ) : null,
          },
          { value: 'images', label: 'Images', content: slider },
          ...(hasInterior ? [{ value: 'interior', label: 'Interior', content: <Interior car={car} /> }] : []),
        ]}
      />
    </div>
  );
}
