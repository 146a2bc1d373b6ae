import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import {
  ACTION_LIMITS,
  overActionLimit,
  releaseSignInAttempt,
  reserveSignInAttempt,
  SIGN_IN_LIMITS,
  signInSucceeded,
} from "./attempt-limiter.server";

// on both engines (test-database.ts): limits exact under bursts: real concurrency only on PostgreSQL's pool (PGlite has one connection)
describe.each(testEngines("both"))("sign-in attempt limits on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("lets at most the limit through when a burst of attempts arrives at once", async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => reserveSignInAttempt(database.db, "198.51.100.1", "burst@example.com")),
    );
    expect(burst.filter((r) => r.allowed)).toHaveLength(SIGN_IN_LIMITS.perAccountFromClient);
    // the refused ones gave their places back: the next attempt is still refused, no more and no less
    expect((await reserveSignInAttempt(database.db, "198.51.100.1", "burst@example.com")).allowed).toBe(false);
  });

  it("never lets a stranger lock the owner out: the per-account limit is per client address", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountFromClient; i++) {
      expect((await reserveSignInAttempt(database.db, "203.0.113.66", "owner@example.com")).allowed).toBe(true);
    }
    expect((await reserveSignInAttempt(database.db, "203.0.113.66", "owner@example.com")).allowed).toBe(false);
    expect((await reserveSignInAttempt(database.db, "192.0.2.10", "owner@example.com")).allowed).toBe(true);
  });

  it("slows guesses spread over many addresses with a per-account limit, which refused attempts do not raise", async () => {
    const email = "spread@example.com";
    let allowed = 0;
    for (let client = 0; allowed < SIGN_IN_LIMITS.perAccount; client++) {
      for (let i = 0; i < SIGN_IN_LIMITS.perAccountFromClient + 3; i++) {
        if ((await reserveSignInAttempt(database.db, `10.0.${client}.1`, email)).allowed) allowed++;
      }
    }
    expect(allowed).toBe(SIGN_IN_LIMITS.perAccount);
    expect((await reserveSignInAttempt(database.db, "10.99.0.1", email)).allowed).toBe(false);
  });

  it("gives a successful sign-in's place back and forgets that client's failures on the account", async () => {
    const email = "success@example.com";
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountFromClient - 1; i++)
      await reserveSignInAttempt(database.db, "198.51.100.9", email);
    const right = await reserveSignInAttempt(database.db, "198.51.100.9", email);
    expect(right.allowed).toBe(true);
    await signInSucceeded(database.db, right);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountFromClient; i++) {
      const next = await reserveSignInAttempt(database.db, "198.51.100.9", email);
      expect(next.allowed).toBe(true);
      await releaseSignInAttempt(database.db, next);
    }
  });

  it("limits each kind of creation per account (or client address), exactly under a burst, each subject apart", async () => {
    const { limit, message } = ACTION_LIMITS.rfq;
    const answers = await Promise.all(
      Array.from({ length: limit + 10 }, () => overActionLimit(database.db, "rfq", "buyer-1")),
    );
    expect(answers.filter((answer) => answer === null)).toHaveLength(limit);
    expect(answers.filter((answer) => answer === message)).toHaveLength(10);
    expect(await overActionLimit(database.db, "rfq", "buyer-2")).toBeNull();
    expect(await overActionLimit(database.db, "quote", "buyer-1")).toBeNull();
    expect(await overActionLimit(database.db, "rfq", null)).toBeNull();
  });
});
