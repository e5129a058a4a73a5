import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayHaveCompressedCopies } from './precompress';
import type { Registry } from './registry';
import { BuildStorageUnavailableError } from './storage/build-storage';
import { contentTypeOf } from './storage/content-types';
import type { PublishedFile } from './storage/published-files';

/** A version never changes, so browsers and CDNs may keep its files for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The copies publish writes beside a file, best first: the order the local folder's file server picks them in. */
const COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The encodings an Accept-Encoding header allows (a `q=0` refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' });
}

/**
 * Answers a request for a published file. From the local folder, @fastify/static sends it (it
 * must be registered with the registry folder's options: ETag, Last-Modified, Range and the
 * copies written at publish). From object storage, the file comes through this instance's
 * bounded cache with the same headers: the Brotli or gzip copy the client accepts, the immutable
 * cache policy, a strong ETag and a 304 for it (no Range: a whole bundle is what the shell asks
 * for). Storage that cannot be read, for a file not cached here, is a 503 the shell's failure
 * policy treats as a failed entry; a file that is not published is a 404.
 */
export async function sendPublishedFile(
  registry: Registry,
  request: FastifyRequest,
  reply: FastifyReply,
  team: string,
  version: string,
  file: string,
): Promise<FastifyReply> {
  const root = registry.localRoot;
  if (root) {
    if (!(await registry.resolveFile(team, version, file))) return notFound(reply);
    return reply.sendFile(path.posix.join(team, version, file), root);
  }

  let found: { file: PublishedFile; encoding?: string } | null = null;
  try {
    // Images and fonts never have copies: no point asking storage for them.
    const accepted = mayHaveCompressedCopies(file)
      ? acceptedEncodings(request.headers['accept-encoding'])
      : new Set<string>();
    for (const copy of COPIES) {
      if (!accepted.has(copy.encoding)) continue;
      const stored = await registry.readFile(team, version, file + copy.suffix);
      if (stored) {
        found = { file: stored, encoding: copy.encoding };
        break;
      }
    }
    if (!found) {
      const stored = await registry.readFile(team, version, file);
      if (stored) found = { file: stored };
    }
  } catch (error) {
    if (!(error instanceof BuildStorageUnavailableError)) throw error;
    request.log.error(
      { err: error, team, version, file, storage: registry.storage.description },
      'a published file could not be read from storage',
    );
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .header('retry-after', '5')
      .send({ error: 'Published builds cannot be read right now; try again shortly' });
  }
  if (!found) return notFound(reply);

  reply
    .header('cache-control', IMMUTABLE)
    .header('vary', 'accept-encoding')
    .header('etag', found.file.etag)
    .type(contentTypeOf(file));
  if (etagMatches(request.headers['if-none-match'], found.file.etag)) return reply.code(304).send();
  if (found.encoding) reply.header('content-encoding', found.encoding);
  return reply.send(found.file.body);
}
