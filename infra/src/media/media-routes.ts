import fp from 'fastify-plugin';
import jpeg from 'jpeg-js';
import { z } from 'zod';
import { findCarById } from '../db/stock';
import { drawBanner, drawCar, drawInterior } from './car-image';
import type { Raster } from './raster';

/**
 * Generated demo media with an image CDN's parameters: `w` (width in px), `h` (height, default
 * 2:3 of the width, the spec's 600x400 slider shape), `q` (JPEG quality). Rendered images are
 * kept in a small LRU so a gallery's thumbnails and repeat views cost nothing.
 */
const SizeQuery = z
  .object({
    w: z.coerce.number().int().min(16).max(2400).default(800),
    h: z.coerce.number().int().min(16).max(2400).optional(),
    q: z.coerce.number().int().min(10).max(95).default(75),
  })
  .strict();

export const SPIN_FRAMES = 36;
const CACHE_LIMIT = 300;

class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as string);
  }
}

function encode(raster: Raster, quality: number): Buffer {
  return Buffer.from(jpeg.encode({ data: raster.data, width: raster.width, height: raster.height }, quality).data);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export default fp(
  async (fastify) => {
    const cache = new Lru<Buffer>(CACHE_LIMIT);

    const send = async (reply: import('fastify').FastifyReply, key: string, render: () => Raster, quality: number) => {
      let body = cache.get(key);
      if (!body) {
        body = encode(render(), quality);
        cache.set(key, body);
      }
      return reply.header('cache-control', 'public, max-age=86400').header('etag', `"${hash(key).toString(16)}"`).type('image/jpeg').send(body);
    };

    const sizeOf = (query: unknown) => {
      const size = SizeQuery.safeParse(query);
      if (!size.success) {
        const issue = size.error.issues[0]!;
        return { error: { error: `${issue.path.join('.') || 'query'}: ${issue.message}`, field: String(issue.path[0] ?? 'query') } } as const;
      }
      return { w: size.data.w, h: size.data.h ?? Math.round((size.data.w * 2) / 3), q: size.data.q } as const;
    };

    fastify.get<{ Params: { carId: string; image: string } }>('/media/cars/:carId/:image', async (request, reply) => {
      const size = sizeOf(request.query);
      if ('error' in size) return reply.code(400).send(size.error);
      const match = /^(\d{1,3})\.jpg$/.exec(request.params.image);
      if (!match || !request.tenant) return reply.code(404).send({ error: 'No such image' });
      const car = await findCarById(fastify.database.db, request.tenant.slug, request.params.carId);
      const n = Number(match[1]);
      if (!car || n < 1 || n > car.images.length) return reply.code(404).send({ error: 'No such image' });
      // Photo n walks around the car: side, front three-quarter, rear three-quarter, ...
      const angle = [20, 50, 160, 0, 90, 200, 340, 120][(n - 1) % 8]!;
      return send(reply, `${car.id}/${n}/${size.w}x${size.h}/${size.q}`, () => drawCar(size.w, size.h, { body: car.simple_body, colour: car.colour, angle, backdrop: n % 4 }), size.q);
    });

    fastify.get<{ Params: { carId: string; frame: string } }>('/media/cars/:carId/spin/:frame', async (request, reply) => {
      const size = sizeOf(request.query);
      if ('error' in size) return reply.code(400).send(size.error);
      if (!request.tenant) return reply.code(404).send({ error: 'No such image' });
      const car = await findCarById(fastify.database.db, request.tenant.slug, request.params.carId);
      if (!car || car.spin_images.length === 0) return reply.code(404).send({ error: 'No such image' });
      if (request.params.frame === 'interior.jpg') {
        return send(reply, `${car.id}/interior/${size.w}x${size.h}/${size.q}`, () => drawInterior(size.w, size.h, car.colour), size.q);
      }
      const match = /^(\d{1,2})\.jpg$/.exec(request.params.frame);
      const frame = match ? Number(match[1]) : 0;
      if (frame < 1 || frame > SPIN_FRAMES) return reply.code(404).send({ error: 'No such frame' });
      const angle = ((frame - 1) * 360) / SPIN_FRAMES;
      return send(reply, `${car.id}/spin/${frame}/${size.w}x${size.h}/${size.q}`, () => drawCar(size.w, size.h, { body: car.simple_body, colour: car.colour, angle, backdrop: 3 }), size.q);
    });

    fastify.get<{ Params: { file: string } }>('/media/reports/:file', async (request, reply) => {
      const match = /^(.+)\.pdf$/.exec(request.params.file);
      if (!match || !request.tenant) return reply.code(404).send({ error: 'No such report' });
      const car = await findCarById(fastify.database.db, request.tenant.slug, match[1]!);
      if (!car?.file) return reply.code(404).send({ error: 'No such report' });
      const pdf = historyReportPdf([
        `Vehicle history report: ${car.name}`,
        `Demonstration report generated by ${request.tenant.name} for a demo listing.`,
        `VIN ${car.vin}    Stock number ${car.stocknum}`,
        `Registration ${car.regplate ?? 'not registered'}${car.rego_expiry ? `, expires ${car.rego_expiry}` : ''}`,
        `Odometer ${car.km.toLocaleString('en-AU')} km    Build ${car.build_date ?? 'unknown'}    Compliance ${car.compliance_date ?? 'unknown'}`,
      ]);
      return reply.header('cache-control', 'public, max-age=3600').type('application/pdf').send(pdf);
    });

    // Locations, slides, brands, blog, makes and models: one generated picture per path.
    fastify.get<{ Params: { kind: string; file: string } }>('/media/:kind/:file', async (request, reply) => {
      const size = sizeOf(request.query);
      if ('error' in size) return reply.code(400).send(size.error);
      const { kind, file } = request.params;
      if (!['locations', 'slides', 'brands', 'blog', 'makes', 'models'].includes(kind) || !/^[a-z0-9-]+\.jpg$/.test(file)) {
        return reply.code(404).send({ error: 'No such image' });
      }
      return send(reply, `${kind}/${file}/${size.w}x${size.h}/${size.q}`, () => drawBanner(size.w, size.h, hash(file)), size.q);
    });
  },
  { name: 'routes-media', fastify: '5.x', dependencies: ['database', 'tenants'] },
);

/** A one-page PDF: the spec's car history report link (a car with a `file`), generated for the demo. */
export function historyReportPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const content = ['BT', '/F1 18 Tf', '56 770 Td', ...lines.flatMap((line, i) => [i === 1 ? '/F1 11 Tf' : '', `(${escape(line)}) Tj`, '0 -20 Td'])].filter(Boolean).join('\n') + '\nET';
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
