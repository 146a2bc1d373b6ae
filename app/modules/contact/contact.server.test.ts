import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema/contact";
import { rateLimit } from "~/db/schema/auth";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { formValues, parseInput } from "~/lib/command-result";
import { CONTACT_FIELDS, contactMessageSchema } from "./contact.schema";
import { CONTACT_LIMIT, submitContactMessage, TOO_MANY_MESSAGES } from "./contact.server";

/** The contact page's action: the posted form read by the schema, then the command with the typed input. */
async function send(db: TestDatabase["db"], values: Record<string, string>, clientIp: string | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  const input = parseInput(contactMessageSchema, formValues(form, CONTACT_FIELDS));
  return input.ok ? submitContactMessage(db, input.value, clientIp) : input;
}

const valid = {
  name: "Maya Chen",
  email: "maya@brooklyn-goods.example",
  company: "Brooklyn Goods",
  topic: "sales",
  message: "We import cotton towels and want to talk.",
};

// on both engines (test-database.ts): a limit exact under concurrent sends: real concurrency only on PostgreSQL's pool (PGlite has one connection)
describe.each(testEngines("both"))("contact messages on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  const stored = async () => (await database.db.select({ n: count() }).from(contactMessages))[0]!.n;

  it("stores a valid message and refuses an invalid one without storing it or counting it", async () => {
    const before = await stored();
    const bad = await send(database.db, { ...valid, email: "not-an-address", message: "short" }, "198.51.100.7");
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "Please enter a valid e-mail address", message: "Please write at least 10 characters" },
    });
    expect(await stored()).toBe(before);
    expect(await database.db.select().from(rateLimit).where(eq(rateLimit.key, "contact:client:198.51.100.7"))).toEqual(
      [],
    );
    expect(await send(database.db, valid, "198.51.100.7")).toMatchObject({ ok: true });
    expect(await stored()).toBe(before + 1);
  });

  it("lets one client address send a few messages an hour, then refuses with 429 and stores nothing more", async () => {
    const ip = "203.0.113.9";
    const before = await stored();
    for (let i = 0; i < CONTACT_LIMIT.perClient; i++)
      expect(await send(database.db, valid, ip)).toMatchObject({ ok: true });
    const refused = await send(database.db, valid, ip);
    expect(refused).toEqual({ ok: false, status: 429, message: TOO_MANY_MESSAGES, fieldErrors: {} });
    expect(await stored()).toBe(before + CONTACT_LIMIT.perClient);
    // another address is not affected, and concurrent sends from one address are counted exactly
    const results = await Promise.all(
      Array.from({ length: CONTACT_LIMIT.perClient + 3 }, () => send(database.db, valid, "203.0.113.10")),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(CONTACT_LIMIT.perClient);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(3);
    // an hour without messages and the address may write again
    await database.db
      .update(rateLimit)
      .set({ lastRequest: Date.now() - CONTACT_LIMIT.windowMs - 1 })
      .where(eq(rateLimit.key, `contact:client:${ip}`));
    expect(await send(database.db, valid, ip)).toMatchObject({ ok: true });
  });
});
