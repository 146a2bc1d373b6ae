import { Transform, type TransformCallback } from "node:stream";

/** Bytes to put in place of a placeholder the page was rendered with (its first occurrence). */
export type HtmlSplice = { placeholder: Buffer; content: Buffer };

/**
 * The stream React's `renderToPipeableStream` pipes a page into. React writes its HTML in 4 KB pieces and calls
 * `flush()` when it has written all it has for now (the shell, then each finished boundary); a plain PassThrough
 * passes on every piece, and each becomes a web-stream chunk, a `res.write` and a socket write (a gzip flush for
 * a client that takes gzip). This one holds the pieces until React's `flush()` (or the end) and passes them on as
 * one chunk: a home page goes out in about three writes instead of about twenty (issue #25, throughput).
 *
 * `splice`: the inline stylesheet (entry.server.tsx) is rendered as a placeholder and its bytes, encoded once, are
 * put in its place here, rather than React escaping and encoding the same ~55 KB of text into every page.
 */
export class CoalescedHtmlStream extends Transform {
  private pending: Buffer[] = [];

  constructor(private splice?: HtmlSplice) {
    super();
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
        batch = Buffer.concat([
          batch.subarray(0, at),
          this.splice.content,
          batch.subarray(at + this.splice.placeholder.length),
        ]);
        this.splice = undefined;
      }
    }
    this.push(batch);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}
