import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text the browser loads. Images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.json', '.css', '.map', '.svg', '.html', '.txt']);
/** Whether publishing may have stored compressed copies of a file (it does for the larger ones of these kinds). */
export const mayHaveCompressedCopies = (name: string): boolean => COMPRESSIBLE.has(path.extname(name).toLowerCase());

/** Below this a compressed copy saves less than its extra request headers cost. */
const MIN_BYTES = 1024;

/**
 * The `.br` (Brotli, best quality) and `.gz` (gzip -9) copies of a compressible file of a build,
 * made once, when it is published, and stored beside it: the server then sends the variant the
 * browser accepts instead of compressing the same immutable bundle on every request. None for a
 * file that is not worth it.
 */
export async function compressedCopies(
  name: string,
  content: Buffer,
): Promise<Array<{ suffix: '.br' | '.gz'; body: Buffer }>> {
  if (!mayHaveCompressedCopies(name) || content.length < MIN_BYTES) return [];
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: 9 }),
  ]);
  return [
    { suffix: '.br', body: br },
    { suffix: '.gz', body: gz },
  ];
}
