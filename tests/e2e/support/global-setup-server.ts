import fs from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startAppServer } from "../../support/app-server";
import { CHROMIUM_ARGS } from "../../support/chromium-args";
import { acquireTemplates, copyDataDir, createPostgresDatabase, type TestPostgresDatabase } from "./templates";

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
  // With DATABASE_URL (as on CI), every second slot's server runs on PostgreSQL, a copy of the seeded demo template:
  // the browser tests then exercise both engines, and PostgreSQL answers a page's statements for a fraction of the
  // CPU the embedded database (WebAssembly) spends on them, on machines where the suite is CPU-bound.
  const databases: TestPostgresDatabase[] = [];
  const started = await Promise.allSettled(
    Array.from({ length: slots }, async (_, slot) => {
      const env = { RATE_LIMIT_SCALE: "100", JOB_POLL_SECONDS: "0.5" };
      // many tests sign up and post from this one address: the action limits are tested on a server of their own;
      // a loaded machine (shared cores) can take over a minute to start a server
      const startTimeoutMs = 180_000;
      if (templates.postgresDemo && slot % 2 === 1) {
        const database = await createPostgresDatabase(templates.postgresDemo.template, "setu_e2e_demo");
        databases.push(database);
        return startAppServer({
          dataDir: copyDataDir(templates.postgresDemo.dataDir),
          env: { ...env, DATABASE_URL: database.url },
          startTimeoutMs,
        });
      }
      return startAppServer({ template: templates.demoDir, env, startTimeoutMs });
    }),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = async () => {
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    for (const database of databases) await database.drop();
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
