// Production and development HTTP server: static assets, compression, then the app.
import module from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";

// V8's compiled code of the server's modules, kept on disk (in os.tmpdir() unless NODE_COMPILE_CACHE names a folder):
// a restart, and each of the many servers the tests start, loads the app and its libraries in about 15% less CPU.
// Set in the environment too, so that the database's worker thread (PGlite) uses it as well.
const compileCache = module.enableCompileCache();
if (compileCache.directory) process.env.NODE_COMPILE_CACHE ??= compileCache.directory;

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";

/**
 * TRUST_PROXY: "true" trusts one load balancer in front (the client is the last address it adds
 * to X-Forwarded-For), a number trusts that many hops, anything else is a list of proxy addresses.
 * Never "trust everything": a client could then choose its own IP and dodge the rate limits.
 */
function trustProxySetting(value) {
  if (!value || value === "false") return false;
  if (value === "true") return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((s) => s.trim());
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
// An event stream is written a line at a time and must reach the browser as it is: compression would hold
// it in its buffer (modules/live). Everything else keeps the package's own rule.
app.use(
  compression({
    // Brotli at the package's quality (4) with a 256 KB window rather than zlib's 4 MB: the same bytes for a page
    // (all are smaller), half the CPU of a page sent to a browser, most of it the encoder's setup (record 0040).
    brotli: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    },
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  }),
);

let appModule;
if (DEVELOPMENT) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  // A Vite server inside it (React Router's) ends the process on SIGTERM as soon as it has closed itself,
  // racing the shutdown below, which must close the database (and let go of DATA_DIR's lock) first.
  process.removeAllListeners("SIGTERM");
  app.use(viteDevServer.middlewares);
  appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
  app.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Hashed assets never change: cache them for a year.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  // The other public files (favicon.ico, robots.txt, …) all have an extension: a page or API path never
  // costs a file-system lookup.
  const publicFiles = express.static("build/client", {
    maxAge: "1h",
    index: false,
    // the service worker's own scripts are checked for a new version on every visit (decision record 0056)
    setHeaders: (res, file) => {
      if (/[\\/](sw|sw-setu)\.js$/.test(file)) res.setHeader("Cache-Control", "no-cache");
    },
  });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  appModule = await import("./build/server/index.js");
  app.use(appModule.app);
}

try {
  await appModule.start();
} catch (error) {
  console.error(`Setu could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const server = app.listen(PORT, HOST, () => {
  appModule.logger.info({ port: PORT, host: HOST }, `Setu is listening on http://localhost:${PORT}`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  appModule.logger.info({ signal }, "shutting down");
  server.close();
  server.closeIdleConnections?.();
  setTimeout(() => server.closeAllConnections?.(), 500).unref();
  try {
    await appModule.stop();
  } finally {
    process.exit(0);
  }
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
// Started by a parent over an IPC channel (the tests start their servers so): stop when the parent goes, even when it
// was killed and could not stop us itself.
if (process.send) process.on("disconnect", () => shutdown("parent gone"));
