import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { logger } from "~/logger.server";

/**
 * BETTER_AUTH_SECRET when set; otherwise a strong secret generated once into DATA_DIR
 * and kept there, so a fresh `npm start` needs no hand-set secret.
 */
export function resolveAuthSecret(dataDir: string): string {
  const fromEnv = process.env.BETTER_AUTH_SECRET;
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    logger.info({ file }, "BETTER_AUTH_SECRET is not set: generated a new secret and saved it in DATA_DIR");
    return secret;
  }
}
