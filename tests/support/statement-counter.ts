import { vi } from "vitest";
import type { Db } from "~/db/client.server";

/** Counts the statements a call sends to the driver (postgres.js's unsafe(), PGlite's query()). */
export function statementCounter(db: Db) {
  const client = (db as unknown as { session: { client: Record<string, (...args: unknown[]) => unknown> } }).session
    .client;
  const sent = vi.spyOn(client, "unsafe" in client ? "unsafe" : "query");
  return async (run: () => Promise<unknown>) => {
    sent.mockClear();
    await run();
    return sent.mock.calls.length;
  };
}
