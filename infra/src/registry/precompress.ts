import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text the browser loads. Images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.json', '.css', '.map', '.svg', '.html', '.txt']);
/** Below this a compressed copy saves less than its extra request headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (Brotli, best quality) and `file.gz` (gzip -9) beside every compressible file
 * of a build, once, when it is published: the static file server then picks the variant the
 * browser accepts instead of compressing the same immutable bundle on every request.
 */
export async function precompress(dir: string): Promise<number> {
  let written = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name).toLowerCase())) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = await fs.readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzip(content, { level: 9 }),
    ]);
    await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    written += 2;
  }
  return written;
}
