import fs from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startAppServer } from "../../support/app-server";
import { CHROMIUM_ARGS } from "../../support/chromium-args";
import { acquireTemplates } from "./templates";

declare module "vitest" {
  export interface ProvidedContext {
    /** one demo server per worker slot (VITEST_POOL_ID 1…maxWorkers): a slot runs one file at a time */
    baseUrls: string[];
  }
}

/**
 * The browser tests' run: the templates servers start from, one Debian Chromium that every file connects to
 * (each test in contexts of its own), and a production server with the demo data per worker slot, which the
 * files that run in that slot share one after another.
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
  const slots = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(
    Array.from({ length: slots }, () =>
      // many tests sign up and post from this one address: the action limits are tested on a server of their own
      startAppServer({
        template: templates.demoDir,
        env: { RATE_LIMIT_SCALE: "100" },
        // a loaded machine (shared cores) can take over a minute to start a server
        startTimeoutMs: 180_000,
      }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  let stopping = false;
  // a slot's server that ends before the run does fails every later file of its slot: say why, once, where it shows
  for (const [slot, server] of servers.entries())
    server.process.on("exit", (code, signal) => {
      if (stopping) return;
      process.stderr.write(
        `\nThe demo server of worker slot ${slot + 1} (${server.url}) ended during the run (code ${code}, signal ${signal}). Its last output:\n${server.output().slice(-4000)}\n`,
      );
    });
  const stopAll = async () => {
    stopping = true;
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await chromiumServer.close();
    await release();
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    "baseUrls",
    servers.map((server) => server.url),
  );
  return stopAll;
}
