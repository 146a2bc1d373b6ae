import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adler32, adler32Combine, deflatedWith, deflatePieces } from "./deflate-pieces";

/** zlib's own Adler-32 of `data`: the last four bytes of its zlib stream. */
const zlibAdler = (data: Uint8Array) => zlib.deflateSync(data).readUInt32BE(zlib.deflateSync(data).length - 4);
const bytes = fc.uint8Array({ maxLength: 3000 }).map((array) => Buffer.from(array));
/** Text that compresses as a page does: repeated markup, with long runs. */
const pageLike = fc
  .array(fc.constantFrom('<div class="flex items-center">', "Combed Cotton T-Shirts", "₹", "</div>", "\n"), {
    maxLength: 400,
  })
  .map((words) => Buffer.from(words.join("")));

describe("adler32", () => {
  it("is zlib's Adler-32, across zlib's 5,552-byte summing limit", () => {
    fc.assert(
      fc.property(bytes, (data) => {
        expect(adler32(data)).toBe(zlibAdler(data));
      }),
    );
    const large = Buffer.alloc(200_000, 0xff);
    expect(adler32(large)).toBe(zlibAdler(large));
    expect(adler32(Buffer.alloc(0))).toBe(1);
  });

  it("combines two sums into the sum of the joined bytes, whatever their lengths", () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(Buffer.concat([a, b])));
      }),
    );
    const long = Buffer.alloc(70_000, 0xfe); // longer than the modulus
    const short = Buffer.from("nonce");
    expect(adler32Combine(adler32(short), adler32(long), long.length)).toBe(adler32(Buffer.concat([short, long])));
  });
});

describe("deflatedWith", () => {
  it("is a zlib stream of the pieces joined by the text between, checksum included", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(bytes, pageLike), { minLength: 1, maxLength: 8 }), bytes, (pieces, between) => {
        const body = Buffer.concat(deflatedWith(deflatePieces(pieces), between));
        // inflateSync checks the Adler-32 trailer and that the stream ends there
        const joined = Buffer.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : [between, piece])));
        expect(zlib.inflateSync(body).equals(joined)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a page's pieces compressed: a response is about the size of the page compressed whole", () => {
    // a page-sized text of varied markup (a fixed pseudo-random choice of words)
    const words = ['<div class="flex">', "Cotton", "Steel", "Pump", "</div>", "<p>", "MOQ 500", "₹", "$2 - $4"];
    let seed = 7;
    const text = Array.from({ length: 20_000 }, () => words[(seed = (seed * 48271) % 2147483647) % words.length]);
    const page = Buffer.from(text.join(" "));
    const nonce = Buffer.from("a-24-character-nonce-abc");
    const pieces = [page.subarray(0, 5_000), page.subarray(5_000, 60_000), page.subarray(60_000)];
    const body = Buffer.concat(deflatedWith(deflatePieces(pieces), nonce));
    const whole = zlib.deflateSync(Buffer.concat([pieces[0]!, nonce, pieces[1]!, nonce, pieces[2]!])).length;
    expect(body.length).toBeLessThan(whole * 1.05 + 200);
    expect(body.length).toBeLessThan(page.length / 3);
  });

  it("refuses a text between the pieces too long for one stored block", () => {
    expect(() => deflatedWith(deflatePieces([Buffer.from("a"), Buffer.from("b")]), Buffer.alloc(70_000))).toThrow(
      RangeError,
    );
  });
});
