import fastifyCompress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Smaller answers are sent as they are: compressing them saves a few hundred bytes and costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * gzip and brotli for every answer the client accepts them for (`Accept-Encoding`), HTML, SVG, JSON and problem+json
 * alike, above COMPRESSION_THRESHOLD_BYTES. Event streams are never compressed: they are written straight to the
 * socket (hijacked), and the plugin leaves `text/event-stream` alone anyway, so nothing buffers a message. ETags stay
 * as they are: the tag names the content, whichever coding carries it, so If-None-Match and If-Match (a strong
 * comparison) keep working for a client that asks for gzip. Request bodies are not decompressed: a compressed body
 * is refused as before, and a small compressed body can never grow past the body limit.
 */
export async function registerCompression(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
}

export type ContentCoding = 'br' | 'gzip';

/**
 * The coding a request's Accept-Encoding prefers among brotli and gzip (RFC 9110 §12.5.3: q-values, `*`, `q=0`
 * refuses), brotli on a tie; undefined when it accepts neither.
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): ContentCoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const entry of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [coding, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding === '') continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}
