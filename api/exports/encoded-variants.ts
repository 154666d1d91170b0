import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { STORED_CODINGS, type StoredCoding } from '../content-coding.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** One stored coding of a download: its own bytes and checksum (its ETag: RFC 9110 §8.8.3). */
export interface EncodedVariant {
  coding: StoredCoding;
  bytes: Uint8Array;
  sha256: string;
}

/**
 * Brotli at quality 5 and gzip at level 6: the live set's files are made again with each generation
 * (about one a second on a busy day), so each coding must cost tens of milliseconds, not seconds; at
 * these levels GeoJSON shrinks about tenfold either way. Both run on zlib's thread pool.
 */
const ENCODERS: Record<StoredCoding, (bytes: Uint8Array) => Promise<Uint8Array>> = {
  br: (bytes) =>
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  gzip: (bytes) => gzipped(bytes, { level: 6 }),
};

/**
 * The stored codings of a download's bytes, each made once, the first time it is asked for (a
 * request that takes it, or the catalogue listing it), and kept with the bytes it was made from.
 */
export class EncodedVariants {
  private readonly made = new Map<StoredCoding, Promise<EncodedVariant>>();

  constructor(private readonly identity: Uint8Array) {}

  get(coding: StoredCoding): Promise<EncodedVariant> {
    let variant = this.made.get(coding);
    if (!variant) {
      variant = ENCODERS[coding](this.identity).then((bytes) => ({
        coding,
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      }));
      this.made.set(coding, variant);
    }
    return variant;
  }

  all(): Promise<EncodedVariant[]> {
    return Promise.all(STORED_CODINGS.map((coding) => this.get(coding)));
  }
}
