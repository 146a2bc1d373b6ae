import zlib from "node:zlib";

/**
 * A body made of fixed pieces with a short text between them that changes on every response (a kept page and the
 * request's CSP nonce, server/page-cache.ts), sent as `Content-Encoding: deflate` without compressing the pieces
 * again: each piece is compressed once, as a raw deflate stream of its own ended by a sync flush (byte-aligned,
 * not final), so the streams can follow one another; the text goes between them as a stored block; an empty final
 * block and the Adler-32 of the whole close the zlib stream (RFC 1950/1951). Adler-32 sums combine from the
 * pieces' own, so a response costs a few arithmetic steps and no pass over the page. Decision record 0040.
 */
export type DeflatedPieces = { streams: Buffer[]; adlers: number[]; lengths: number[] };

const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
/** A final stored block of no bytes: BFINAL 1, BTYPE 00, LEN 0, NLEN 0xffff. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const ADLER_MOD = 65521;

/** Compresses each piece once (at zlib's default level). */
export function deflatePieces(pieces: Buffer[]): DeflatedPieces {
  return {
    streams: pieces.map((piece) => zlib.deflateRawSync(piece, { finishFlush: zlib.constants.Z_SYNC_FLUSH })),
    adlers: pieces.map((piece) => adler32(piece)),
    lengths: pieces.map((piece) => piece.length),
  };
}

/**
 * The zlib stream of `pieces[0] + between + pieces[1] + between + … + pieces[n-1]`, as buffers to write in order.
 * `between` must be shorter than 64 KB (one stored block).
 */
export function deflatedWith(deflated: DeflatedPieces, between: Buffer): Buffer[] {
  if (between.length > 0xffff) throw new RangeError("the text between the pieces must be shorter than 64 KB");
  const block = Buffer.alloc(5 + between.length);
  // BFINAL 0, BTYPE 00 (stored), then LEN and its complement, little-endian; the text as it is
  block.writeUInt16LE(between.length, 1);
  block.writeUInt16LE(~between.length & 0xffff, 3);
  between.copy(block, 5);
  const betweenAdler = adler32(between);

  const out: Buffer[] = [ZLIB_HEADER];
  let adler = 1;
  deflated.streams.forEach((stream, i) => {
    if (i > 0) {
      out.push(block);
      adler = adler32Combine(adler, betweenAdler, between.length);
    }
    out.push(stream);
    adler = adler32Combine(adler, deflated.adlers[i]!, deflated.lengths[i]!);
  });
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler >>> 0);
  out.push(FINAL_EMPTY_BLOCK, trailer);
  return out;
}

/** Adler-32 (RFC 1950) of `data`, from the start value 1. */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 5552 bytes is the most that can be summed before b may pass 2^32 (zlib's NMAX)
  for (let start = 0; start < data.length; start += 5552) {
    const end = Math.min(start + 5552, data.length);
    for (let i = start; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of A followed by B, from A's, B's and B's length (zlib's adler32_combine). */
export function adler32Combine(adler1: number, adler2: number, length2: number): number {
  const rem = length2 % ADLER_MOD;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % ADLER_MOD;
  sum1 += (adler2 & 0xffff) + ADLER_MOD - 1;
  sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + ADLER_MOD - rem;
  if (sum1 >= ADLER_MOD) sum1 -= ADLER_MOD;
  if (sum1 >= ADLER_MOD) sum1 -= ADLER_MOD;
  if (sum2 >= ADLER_MOD << 1) sum2 -= ADLER_MOD << 1;
  if (sum2 >= ADLER_MOD) sum2 -= ADLER_MOD;
  return ((sum2 << 16) | sum1) >>> 0;
}
