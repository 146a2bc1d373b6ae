import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type AppServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Starts the production build (`node server.js`) on a free port with its own DATA_DIR,
 * and waits until /healthz answers (`startTimeoutMs`: migrations on a big database take longer).
 * `template`: a data folder the new DATA_DIR starts as a copy of (the browser tests' migrated or demo
 * templates, tests/e2e/support/templates.ts); without it and without `dataDir`, an empty one.
 * The build must exist (npm test builds first). Also used by the benchmark (bench/search.ts).
 */
export async function startAppServer(
  options: {
    dataDir?: string;
    template?: string;
    env?: Record<string, string | undefined>;
    wait?: boolean;
    startTimeoutMs?: number;
    nodeArgs?: string[];
  } = {},
): Promise<AppServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "setu-e2e-"));
  if (options.template && !options.dataDir) fs.cpSync(options.template, dataDir, { recursive: true });
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    DATABASE_URL: undefined,
    // the tests' many throwaway accounts sign in at once; the confirmation that is on by default (decision record
    // 0052) is tested with it on (accounts-server.test.ts): a test passes `undefined` for the default
    AUTH_REQUIRE_EMAIL_VERIFICATION: "false",
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "server.js"], {
    cwd: process.cwd(),
    env: env,
    // the IPC channel closes when this process ends, however it ends: the server then stops (server.js)
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: AppServer = {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        // a server that does not finish its shutdown in time is killed
        const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(killer);
      }
      return exited;
    },
  };
  if (options.wait === false) return server;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  throw new Error(`server did not become healthy:\n${output}`);
}
