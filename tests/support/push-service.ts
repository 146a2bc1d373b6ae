import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

/** A push as the push service received it: its headers, and its payload decrypted with the device's private key. */
export type ReceivedPush = {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** the decrypted payload (RFC 8291, aes128gcm), as text */
  payload: string;
  /** the VAPID token's claims, once its ES256 signature was checked against the `k` key of the same header */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
};

/** A browser's subscription as PushSubscription.toJSON() gives it, with the private half the browser would keep. */
export type TestSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: crypto.ECDH;
};

/** Checks a VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`) and returns its claims. */
function verifyVapid(header: string | undefined): ReceivedPush["vapid"] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`No VAPID authorization: ${header}`);
  const [signed, signature] = [match[1]!.split(".").slice(0, 2).join("."), match[1]!.split(".")[2]!];
  const raw = Buffer.from(match[2]!, "base64url");
  const key = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = crypto.verify(
    "sha256",
    Buffer.from(signed),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("The VAPID token's signature does not match its key");
  const claims = JSON.parse(Buffer.from(signed.split(".")[1]!, "base64url").toString()) as Omit<
    ReceivedPush["vapid"],
    "publicKey"
  >;
  return { ...claims, publicKey: match[2]! };
}

/**
 * A local push service (what FCM or Mozilla's autopush are to a browser): receives Web Push POSTs, decrypts each
 * payload with the test subscription's private key and checks its VAPID signature, proving what Setu sent.
 * `answer(path)` chooses the status (201 by default; 410 says a subscription has expired).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const subscriptions = new Map<string, TestSubscription>();
  const statuses = new Map<string, number>();
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      const subscription = subscriptions.get(path);
      const status = statuses.get(path) ?? (subscription ? 201 : 404);
      if (status === 201 && subscription) {
        try {
          const payload = decrypt(Buffer.concat(chunks), {
            version: "aes128gcm",
            privateKey: subscription.ecdh,
            authSecret: subscription.keys.auth,
          }).toString("utf8");
          if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
          received.push({ path, headers: req.headers, payload, vapid: verifyVapid(req.headers.authorization) });
        } catch (error) {
          res.writeHead(400).end(String(error));
          return;
        }
      }
      res.writeHead(status).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let made = 0;
  return {
    origin,
    received,
    /** A new device's subscription on this service: its endpoint and keys (RFC 8291: a P-256 key and 16-byte secret). */
    subscription(): TestSubscription {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const path = `/push/${++made}-${crypto.randomUUID()}`;
      const subscription = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") },
        ecdh,
      };
      subscriptions.set(path, subscription);
      return subscription;
    },
    /** Answers this status to every push to the subscription from now on (410: it has expired). */
    answer(subscription: TestSubscription, status: number) {
      statuses.set(new URL(subscription.endpoint).pathname, status);
    },
    /** The pushes the subscription received, decrypted. */
    pushesTo(subscription: TestSubscription) {
      return received.filter((push) => push.path === new URL(subscription.endpoint).pathname);
    },
    /** Waits for the next request the service answers (any status). */
    nextRequest(): Promise<void> {
      return new Promise((resolve) => waiters.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
