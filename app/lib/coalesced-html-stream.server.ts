import { Transform, type TransformCallback } from "node:stream";
import zlib from "node:zlib";

/**
 * Bytes to put in place of a placeholder the page was rendered with (its first occurrence), and the same bytes
 * compressed once (`deflated`: a raw deflate stream ended by a sync flush), for pages sent gzipped.
 */
export type HtmlSplice = { placeholder: Buffer; content: Buffer; deflated?: () => Buffer };

/** A gzip member's header: deflate, no name or time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A final stored block of no bytes: BFINAL 1, BTYPE 00, LEN 0, NLEN 0xffff. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * The stream React's `renderToPipeableStream` pipes a page into. React writes its HTML in 4 KB pieces and calls
 * `flush()` when it has written all it has for now (the shell, then each finished boundary); a plain PassThrough
 * passes on every piece, and each becomes a web-stream chunk, a `res.write` and a socket write (a gzip flush for
 * a client that takes gzip). This one holds the pieces until React's `flush()` (or the end) and passes them on as
 * one chunk: a home page goes out in about three writes instead of about twenty (issue #25, throughput).
 *
 * `splice`: the inline stylesheet (entry.server.tsx) is rendered as a placeholder and its bytes, encoded once, are
 * put in its place here, rather than React escaping and encoding the same ~55 KB of text into every page.
 *
 * `gzip`: the page goes out as one gzip member (`Content-Encoding: gzip`, set by the caller), each batch compressed
 * here as a raw deflate stream of its own ended by a sync flush (byte-aligned, not final, so the streams follow one
 * another), the spliced bytes as their once-compressed stream, then an empty final block and the CRC-32 and length
 * of all. The compression middleware compressed the whole page, stylesheet and all, for every browser: twice the
 * CPU of the page's rendering (bench/README.md, throughput round 11).
 */
export class CoalescedHtmlStream extends Transform {
  private pending: Buffer[] = [];
  private crc = 0;
  private length = 0;

  constructor(
    private splice?: HtmlSplice,
    private readonly gzip = false,
  ) {
    super();
    if (gzip) this.push(GZIP_HEADER);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }

  /** Called by React after each batch of writes (its `flushBuffered`). */
  flush() {
    if (this.pending.length === 0) return;
    let batch = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    // React writes the head, and the placeholder in it, in the shell's one batch: never split across two
    if (this.splice) {
      const at = batch.indexOf(this.splice.placeholder);
      if (at >= 0) {
        const { content, deflated, placeholder } = this.splice;
        this.splice = undefined;
        const before = batch.subarray(0, at);
        const after = batch.subarray(at + placeholder.length);
        if (this.gzip && deflated) {
          this.push(
            Buffer.concat([this.compressed(before), this.compressed(content, deflated()), this.compressed(after)]),
          );
          return;
        }
        batch = Buffer.concat([before, content, after]);
      }
    }
    this.push(this.gzip ? this.compressed(batch) : batch);
  }

  /** Bytes of the page as a raw deflate stream ended by a sync flush (`deflated`, when they were compressed once). */
  private compressed(bytes: Buffer, deflated?: Buffer): Buffer {
    if (bytes.length === 0) return bytes;
    this.crc = zlib.crc32(bytes, this.crc);
    this.length += bytes.length;
    return deflated ?? zlib.deflateRawSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    if (this.gzip) {
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(this.crc >>> 0, 0);
      trailer.writeUInt32LE(this.length >>> 0, 4);
      this.push(Buffer.concat([FINAL_EMPTY_BLOCK, trailer]));
    }
    callback();
  }
}

/** Compressed once, as `CoalescedHtmlStream` puts it in a gzipped page: a raw deflate stream ended by a sync flush. */
export function deflateOnce(bytes: Buffer): () => Buffer {
  let deflated: Buffer | undefined;
  return () =>
    (deflated ??= zlib.deflateRawSync(bytes, {
      level: zlib.constants.Z_BEST_COMPRESSION,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    }));
}
