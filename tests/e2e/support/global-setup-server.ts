import fs from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startAppServer } from "../../support/app-server";
import { CHROMIUM_ARGS } from "../../support/chromium-args";
import { acquireTemplates } from "./templates";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * The browser tests' run: the templates servers start from, one Debian Chromium that every file connects to
 * (each test in contexts of its own), and one production server with the demo data that the files share.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Run `npm run build` before the browser tests");
  const { templates, release } = await acquireTemplates();
  project.provide("e2eTemplates", templates);
  const chromiumServer = await chromium.launchServer({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  project.provide("chromiumEndpoint", chromiumServer.wsEndpoint());
  // many tests sign up and post from this one address: the action limits are tested on a server of their own
  const server = await startAppServer({
    template: templates.demoDir,
    env: { RATE_LIMIT_SCALE: "100", JOB_POLL_SECONDS: "0.5" },
    // a loaded machine (shared cores) can take over a minute to start a server
    startTimeoutMs: 180_000,
  }).catch(async (error: unknown) => {
    await chromiumServer.close();
    await release();
    throw error;
  });
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    await chromiumServer.close();
    await release();
  };
}
