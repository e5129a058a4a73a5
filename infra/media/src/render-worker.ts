/**
 * Runs in a worker thread of the render pool: draws one picture as shapes and has sharp
 * (libvips) rasterise and encode it as JPEG.
 */
import sharp from 'sharp';
import { drawBanner, drawCar, drawInterior, type CarPicture } from './car-image';
import type { Picture } from './picture';

// The pool's threads are the parallelism: one libvips thread each, and no cache of operations
// (every picture is drawn once; the route's LRU keeps the JPEGs).
sharp.concurrency(1);
sharp.cache(false);

export type RenderJob = { width: number; height: number; quality: number } & (
  { kind: 'car'; picture: CarPicture } | { kind: 'interior'; colour: string } | { kind: 'banner'; seed: number }
);

function draw(job: RenderJob): Picture {
  switch (job.kind) {
    case 'car':
      return drawCar(job.width, job.height, job.picture);
    case 'interior':
      return drawInterior(job.width, job.height, job.colour);
    case 'banner':
      return drawBanner(job.width, job.height, job.seed);
  }
}

export default async function render(job: RenderJob): Promise<Uint8Array> {
  const svg = Buffer.from(draw(job).toSvg());
  return sharp(svg).jpeg({ quality: job.quality }).toBuffer();
}
