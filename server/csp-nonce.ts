import crypto from "node:crypto";

const NONCE_BYTES = 16;
const POOL_BYTES = 256 * NONCE_BYTES;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A fresh CSP nonce (16 random bytes, base64) for each request. The bytes come from a pool filled 256 nonces at
 * a time (as `crypto.randomUUID` does), each byte used once: a `randomBytes(16)` per request was about 5 % of the
 * CPU of a page served from the page cache (issue #25).
 */
export function cspNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
