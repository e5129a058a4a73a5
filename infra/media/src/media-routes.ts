import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { findCarById, findModelByImage, mediaImageExists, type MediaKind } from '@forecourt/data/stock';
import { RenderPool, RenderPoolBusyError, type RenderPoolOptions } from './render-pool';
import type { RenderJob } from './render-worker';

/**
 * Generated demo media with an image CDN's parameters, limited to fixed sizes as image CDNs and
 * `next/image` do (an open range lets anyone make the server render thousands of variants):
 * `w` one of MEDIA_WIDTHS, `h` one of them too (default 2:3 of the width, the spec's 600x400
 * slider shape), `q` one of MEDIA_QUALITIES. Pictures are drawn in a bounded worker pool, never
 * on the main thread, and kept in an LRU bounded by bytes.
 */
export const MEDIA_WIDTHS = [120, 200, 240, 300, 400, 600, 800, 1200, 1600] as const;
export const MEDIA_QUALITIES = [50, 75, 90] as const;
/** Colours a catalogue model is shown in (names the car picture knows). */
const MODEL_COLOURS = ['White', 'Silver', 'Blue', 'Red', 'Grey', 'Black'] as const;

const MEDIA_KINDS: readonly MediaKind[] = ['locations', 'slides', 'brands', 'blog', 'makes', 'models'];

const oneOf = (allowed: readonly number[]) =>
  z.coerce.number().refine((value) => allowed.includes(value), `must be one of ${allowed.join(', ')}`);

/** The sizes a picture is made at (the dealers' photos take the same, photo-routes.ts). */
export const SizeQuery = z
  .object({
    w: oneOf(MEDIA_WIDTHS).default(800),
    h: oneOf(MEDIA_WIDTHS).optional(),
    q: oneOf(MEDIA_QUALITIES).default(75),
  })
  .strict();

export const SPIN_FRAMES = 36;

export interface MediaOptions {
  /** Bytes of rendered JPEGs kept in memory (default 64 MiB). */
  cacheBytes?: number;
  pool?: RenderPoolOptions;
}

/** What a cache miss renders (wrapped: lru-cache's context type must not be a union). */
interface Miss {
  job: RenderJob;
}
type Job = RenderJob & { key: string };

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export default fp<MediaOptions>(
  async (fastify, options) => {
    const pool = new RenderPool(options.pool);
    fastify.addHook('onClose', () => pool.close());
    // fetch() also makes concurrent requests for one picture share a single render.
    const cache = new LRUCache<string, Buffer, Miss>({
      maxSize: options.cacheBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (body) => body.length,
      fetchMethod: (_key, _stale, { context }) => pool.render(context.job),
    });

    const send = async (reply: FastifyReply, job: Job) => {
      let body: Buffer | undefined;
      try {
        body = await cache.fetch(job.key, { context: { job } });
      } catch (error) {
        if (!(error instanceof RenderPoolBusyError)) throw error;
        return reply
          .code(503)
          .header('retry-after', String(error.retryAfterSeconds))
          .header('cache-control', 'no-store')
          .send({ error: error.message });
      }
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('etag', `"${hash(job.key).toString(16)}"`)
        .type('image/jpeg')
        .send(body);
    };

    const sizeOf = (query: unknown) => {
      const size = parseInput(SizeQuery, query, 'query');
      return { width: size.w, height: size.h ?? Math.round((size.w * 2) / 3), quality: size.q } as const;
    };
    const notFound = (reply: FastifyReply, what = 'image') =>
      reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: `No such ${what}` });

    fastify.get<{ Params: { carId: string; image: string } }>('/media/cars/:carId/:image', async (request, reply) => {
      const size = sizeOf(request.query);
      const match = /^(\d{1,3})\.jpg$/.exec(request.params.image);
      if (!match || !request.tenant) return notFound(reply);
      const car = await findCarById(fastify.database.db, request.tenant.slug, request.params.carId);
      const n = Number(match[1]);
      if (!car || n < 1 || n > car.images.length) return notFound(reply);
      // Photo n walks around the car: side, front three-quarter, rear three-quarter, ...
      const angle = [20, 50, 160, 0, 90, 200, 340, 120][(n - 1) % 8]!;
      const key = `${car.id}/${n}/${size.width}x${size.height}/${size.quality}`;
      return send(reply, {
        key,
        kind: 'car',
        ...size,
        picture: { body: car.simple_body, colour: car.colour, angle, backdrop: n % 4 },
      });
    });

    fastify.get<{ Params: { carId: string; frame: string } }>(
      '/media/cars/:carId/spin/:frame',
      async (request, reply) => {
        const size = sizeOf(request.query);
        if (!request.tenant) return notFound(reply);
        const car = await findCarById(fastify.database.db, request.tenant.slug, request.params.carId);
        if (!car || car.spin_images.length === 0) return notFound(reply);
        const dims = `${size.width}x${size.height}/${size.quality}`;
        if (request.params.frame === 'interior.jpg')
          return send(reply, { key: `${car.id}/interior/${dims}`, kind: 'interior', ...size, colour: car.colour });
        const match = /^(\d{1,2})\.jpg$/.exec(request.params.frame);
        const frame = match ? Number(match[1]) : 0;
        if (frame < 1 || frame > SPIN_FRAMES) return notFound(reply, 'frame');
        const angle = ((frame - 1) * 360) / SPIN_FRAMES;
        return send(reply, {
          key: `${car.id}/spin/${frame}/${dims}`,
          kind: 'car',
          ...size,
          picture: { body: car.simple_body, colour: car.colour, angle, backdrop: 3 },
        });
      },
    );

    fastify.get<{ Params: { file: string } }>('/media/reports/:file', async (request, reply) => {
      const match = /^(.+)\.pdf$/.exec(request.params.file);
      if (!match || !request.tenant) return notFound(reply, 'report');
      const car = await findCarById(fastify.database.db, request.tenant.slug, match[1]!);
      if (!car?.file) return notFound(reply, 'report');
      const pdf = historyReportPdf([
        `Vehicle history report: ${car.name}`,
        `Demonstration report generated by ${request.tenant.name} for a demo listing.`,
        `VIN ${car.vin}    Stock number ${car.stocknum}`,
        `Registration ${car.regplate ?? 'not registered'}${car.rego_expiry ? `, expires ${car.rego_expiry}` : ''}`,
        `Odometer ${car.km.toLocaleString('en-AU')} km    Build ${car.build_date ?? 'unknown'}    Compliance ${car.compliance_date ?? 'unknown'}`,
      ]);
      return reply.header('cache-control', 'public, max-age=3600').type('application/pdf').send(pdf);
    });

    // Locations, slides, brands, blog, makes and models: one generated picture per picture the
    // tenant's stock names; any other name is a 404, so names cannot be invented to force renders.
    fastify.get<{ Params: { kind: string; file: string } }>('/media/:kind/:file', async (request, reply) => {
      const size = sizeOf(request.query);
      const { kind, file } = request.params;
      if (!MEDIA_KINDS.includes(kind as MediaKind) || !/^[a-z0-9-]+\.jpg$/.test(file) || !request.tenant)
        return notFound(reply);
      if (
        !(await mediaImageExists(fastify.database.db, request.tenant.slug, kind as MediaKind, `/media/${kind}/${file}`))
      )
        return notFound(reply);
      // A catalogue model is drawn as the car it is (its body type), in one of the showroom colours.
      const model = kind === 'models' ? await findModelByImage(fastify.database.db, `/media/${kind}/${file}`) : null;
      if (model) {
        const colour = MODEL_COLOURS[hash(file) % MODEL_COLOURS.length]!;
        return send(reply, {
          key: `${kind}/${file}/${size.width}x${size.height}/${size.quality}`,
          kind: 'car',
          ...size,
          picture: { body: model.body, colour, angle: 20, backdrop: 1 },
        });
      }
      return send(reply, {
        key: `${kind}/${file}/${size.width}x${size.height}/${size.quality}`,
        kind: 'banner',
        ...size,
        seed: hash(file),
      });
    });
  },
  { name: 'routes-media', fastify: '5.x', dependencies: ['database', 'tenants'] },
);

/** A one-page PDF: the spec's car history report link (a car with a `file`), generated for the demo. */
export function historyReportPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const content =
    [
      'BT',
      '/F1 18 Tf',
      '56 770 Td',
      ...lines.flatMap((line, i) => [i === 1 ? '/F1 11 Tf' : '', `(${escape(line)}) Tj`, '0 -20 Td']),
    ]
      .filter(Boolean)
      .join('\n') + '\nET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
