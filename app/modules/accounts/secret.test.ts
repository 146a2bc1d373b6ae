import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveAuthSecret } from "./secret.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-accounts-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the session signing secret", () => {
  it("is generated once into DATA_DIR, kept private, and reused on the next start", () => {
    const previous = process.env.BETTER_AUTH_SECRET;
    delete process.env.BETTER_AUTH_SECRET;
    try {
      const dir = tempDir();
      const first = resolveAuthSecret(dir);
      expect(first.length).toBeGreaterThanOrEqual(43);
      expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
      expect(resolveAuthSecret(dir)).toBe(first);
      expect(resolveAuthSecret(tempDir())).not.toBe(first);
      process.env.BETTER_AUTH_SECRET = "set-by-the-operator";
      expect(resolveAuthSecret(dir)).toBe("set-by-the-operator");
    } finally {
      if (previous === undefined) delete process.env.BETTER_AUTH_SECRET;
      else process.env.BETTER_AUTH_SECRET = previous;
    }
  });
});
