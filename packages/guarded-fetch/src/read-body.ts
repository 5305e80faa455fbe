import type { IncomingMessage } from 'node:http';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { FetchError } from './fetch-error';

export interface ReadBodyOptions {
  url: string;
  /** Cap on the DECOMPRESSED size, so a tiny gzip bomb cannot exhaust memory. */
  maxBytes: number;
  /** Aborting destroys the response; the abort reason is thrown. */
  signal: AbortSignal;
  /** Past maxBytes, stop reading and return the first maxBytes instead of failing (an excerpt). */
  truncate?: boolean;
}

/**
 * "deflate" is meant to be zlib-wrapped, but some servers send raw deflate; browsers accept
 * both, so pick the decoder from the first two bytes (a zlib header is CM=8 with a checksum).
 */
class AutoInflate extends Transform {
  private inner: Transform | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.inner) {
      const [cmf = 0, flg = 0] = chunk;
      const zlibWrapped = (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0;
      const inner = zlibWrapped ? createInflate() : createInflateRaw();
      inner.on('data', (data: Buffer) => this.push(data));
      inner.on('error', (err) => this.destroy(err));
      this.inner = inner;
    }
    this.inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (!this.inner) {
      callback();
      return;
    }
    this.inner.once('end', () => callback());
    this.inner.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.inner?.destroy();
    callback(error);
  }
}

function decoderFor(coding: string, url: string): Transform {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return new AutoInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new FetchError('unsupported_content', `Unsupported Content-Encoding "${coding}"`, { url });
  }
}

function errorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') return err.code;
  return undefined;
}

/**
 * Reads the response through its decoders (piped in order), handing each decoded chunk to
 * `take`, until the end, until `take` has enough, or until a stage fails, `take` throws or
 * `signal` aborts; every stage (and so the connection) is destroyed unless the body was read
 * to its end. What node:stream's pipeline does, without the AbortController and DOMException
 * it builds for every call, at five pages a domain.
 */
function readStages(
  stages: [IncomingMessage, ...Transform[]],
  signal: AbortSignal,
  take: (chunk: Buffer) => 'more' | 'enough',
): Promise<void> {
  const [res] = stages;
  const out = stages[stages.length - 1]!;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error: unknown, keep: boolean): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (!keep) for (const stage of stages) stage.destroy();
      if (error === undefined) resolve();
      else reject(error);
    };
    const onAbort = (): void => settle(signal.reason, false);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    for (const stage of stages) stage.on('error', (error) => settle(error, false));
    // A response whose connection closed before its end is cut off, error event or not.
    res.on('close', () => {
      if (!res.complete) settle(new Error('aborted'), false);
    });
    stages.slice(1).reduce<Readable>((from, to) => from.pipe(to as Transform), res);
    out.on('data', (chunk: Buffer) => {
      try {
        if (take(chunk) === 'enough') settle(undefined, false);
      } catch (error) {
        settle(error, false);
      }
    });
    out.on('end', () => settle(undefined, true));
  });
}

/** Reads, decompresses and size-checks a response body; the response is destroyed on any failure. */
export async function readBody(res: IncomingMessage, options: ReadBodyOptions): Promise<Buffer> {
  const { url, maxBytes, signal } = options;
  const tooLarge = (): FetchError => new FetchError('too_large', `Response body exceeds ${maxBytes} bytes`, { url });

  let decoders: Transform[];
  try {
    // Codings are listed in the order they were applied; undo them in reverse.
    const codings = (res.headers['content-encoding'] ?? '')
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter((c) => c !== '' && c !== 'identity');
    if (codings.length > 2) throw new FetchError('unsupported_content', 'Too many Content-Encodings', { url });
    decoders = codings.reverse().map((c) => decoderFor(c, url));
    // Cheap early exit when the server tells us the (uncompressed) size up front.
    const declared = Number(res.headers['content-length']);
    if (!options.truncate && decoders.length === 0 && Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  } catch (err) {
    res.destroy();
    throw err;
  }

  const chunks: Buffer[] = [];
  let total = 0;
  try {
    await readStages([res, ...decoders], signal, (chunk) => {
      if (options.truncate && total + chunk.length >= maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - total));
        total = maxBytes;
        return 'enough';
      }
      total += chunk.length;
      if (total > maxBytes) throw tooLarge();
      chunks.push(chunk);
      return 'more';
    });
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    if (err instanceof FetchError) throw err;
    const code = errorCode(err);
    const message = err instanceof Error ? err.message : String(err);
    throw new FetchError('network', `Failed reading body: ${message}`, { url, code, cause: err });
  }
  return Buffer.concat(chunks, total);
}

// A body no larger than this that the caller does not use (a redirect's, an error page's) is
// read to its end instead of closing the connection with it, so the host's kept-alive
// connection serves the next request (on a real site, a new one is a TCP and TLS handshake).
const DISCARD_MAX_BYTES = 16 * 1024;

/**
 * Reads and drops the body of a response the caller does not use, so its connection goes back
 * to its keep-alive pool; a larger one (declared or found) or one that fails is destroyed with
 * its connection, as is any when the fetch's `signal` ends the read. Never throws.
 */
export async function discardBody(res: IncomingMessage, url: string, signal: AbortSignal): Promise<void> {
  await readBody(res, { url, maxBytes: DISCARD_MAX_BYTES, signal }).catch(() => undefined);
}
