import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { startAppServer } from "../../support/app-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One production server with demo data for all browser tests. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Run `npm run build` before the browser tests");
  // many tests sign up and post from this one address: the action limits are tested on a server of their own
  // a loaded machine (shared cores) can take over a minute to seed the demo data
  const server = await startAppServer({ env: { RATE_LIMIT_SCALE: "100" }, startTimeoutMs: 180_000 });
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
