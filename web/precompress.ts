import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a `.br` and a `.gz` beside every text file of a build, so the API serves them as they are
 * (@fastify/static `preCompressed`) instead of sending them raw. Brotli at its highest quality: it
 * runs once per build, a few seconds for the whole app. Files under 1 KB stay as they are.
 */
export function precompressDir(dir: string): void {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((name) => COMPRESSIBLE.test(name))) {
    const path = join(dir, file);
    const content = readFileSync(path);
    if (content.length < 1024) continue; // the headers would outweigh the saving
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  }
}
