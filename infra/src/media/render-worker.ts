/**
 * Runs in a worker thread of the render pool: draws one picture and encodes it as JPEG. A large
 * picture costs about a second of CPU, which on the main thread would stall every other request.
 */
import jpeg from 'jpeg-js';
import { drawBanner, drawCar, drawInterior, type CarPicture } from './car-image';
import type { Raster } from './raster';

export type RenderJob = { width: number; height: number; quality: number } & (
  | { kind: 'car'; picture: CarPicture }
  | { kind: 'interior'; colour: string }
  | { kind: 'banner'; seed: number }
);

function draw(job: RenderJob): Raster {
  switch (job.kind) {
    case 'car':
      return drawCar(job.width, job.height, job.picture);
    case 'interior':
      return drawInterior(job.width, job.height, job.colour);
    case 'banner':
      return drawBanner(job.width, job.height, job.seed);
  }
}

export default function render(job: RenderJob): Uint8Array {
  const raster = draw(job);
  return jpeg.encode({ data: raster.data, width: raster.width, height: raster.height }, job.quality).data;
}
