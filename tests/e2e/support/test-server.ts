import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { startAppServer, type AppServer } from "../../support/app-server";
import { copyDataDir, createPostgresDatabase } from "./templates";

/** The run's templates (made by the e2e projects' global setup, templates.ts). */
export function templates() {
  return inject("e2eTemplates");
}

/** A new data folder, already migrated (no data): for a test that writes rows before its server starts. */
export function migratedDataDir(prefix?: string) {
  return copyDataDir(templates().migratedDir, prefix);
}

/** A PostgreSQL database of its own, a copy of the run's migrated template (DATABASE_URL must be set). */
export function migratedPostgresDatabase(prefix?: string) {
  const template = templates().postgresTemplate;
  if (!template) throw new Error("DATABASE_URL is not set");
  return createPostgresDatabase(template, prefix);
}

/**
 * startAppServer for the e2e tests. A server on PGlite without a data folder of its own starts from a copy of
 * the run's migrated template (DEMO_DATA=off) or demo template (otherwise): what its first start would have
 * made, without the minute of migrating and seeding. Job workers poll as in production (every 2 s): a job sent
 * wakes its worker at once (NOTIFY), and only a delayed job or a retry waits for a poll. Polling every half second
 * cost an idle server 7 % of a core (14 queues), 2 s costs 3 %: the run's seventy servers spent minutes of CPU on it.
 */
export function startTestServer(options: Parameters<typeof startAppServer>[0] = {}): Promise<AppServer> {
  const fromTemplate = !options.dataDir && !options.env?.DATABASE_URL;
  const demo = options.env?.DEMO_DATA !== "off";
  const template = fromTemplate ? (demo ? templates().demoDir : templates().migratedDir) : undefined;
  // a copy starts in seconds, but a machine whose cores are shared can take a minute or more
  return startAppServer({ template, startTimeoutMs: 120_000, ...options });
}

let ownUrl: string | undefined;

/** The server this file's tests talk to: its own (ownDemoServer) or its worker slot's demo server. */
export function baseUrl(): string {
  if (ownUrl) return ownUrl;
  const urls = inject("baseUrls");
  const slot = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  const url = urls[slot];
  if (!url) throw new Error(`No demo server for worker slot ${slot + 1} (${urls.length} started)`);
  return url;
}

/**
 * Gives this file a demo server of its own (as the shared one: demo data, RATE_LIMIT_SCALE=100), which baseUrl()
 * then answers: for the files of the e2e-http project, which run beside each other and must not share state.
 * Call at the top of the file.
 */
export function ownDemoServer() {
  let server: AppServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_SCALE: "100" }, startTimeoutMs: 120_000 });
    ownUrl = server.url;
  }, 150_000);
  afterAll(async () => {
    ownUrl = undefined;
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });
}
