import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { conversations, messageReports, messages } from "~/db/schema/messaging";
import { ACTION_LIMITS } from "~/modules/accounts/attempt-limiter.server";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import {
  listReportGroups,
  REPORT_GROUPS_PAGE_SIZE,
  reportMessage,
  resolveReport,
  resolveReportGroup,
} from "./messaging.server";
import { conversationSubjects } from "~/modules/conversation-subjects/conversation-subjects.server";

/** A second Drizzle client on the same connection that counts the statements it sends. */
function countingDb(database: TestDatabase): { db: Db; count: () => number; reset: () => void } {
  let statements = 0;
  const logger = { logQuery: () => void (statements += 1) };
  const client = (database.db as unknown as { $client: never }).$client;
  const db = (database.engine === "pglite"
    ? drizzlePglite(client, { casing: "snake_case", logger })
    : drizzlePostgres(client, { casing: "snake_case", logger })) as unknown as Db;
  return { db, count: () => statements, reset: () => void (statements = 0) };
}

const ADMIN = { isAdmin: true };

/**
 * Issue #38.3: reports grouped by the member reported, paged, filtered by status, and limited per reporter, so an
 * administrator never loses a report to volume.
 */
describe.each(testEngines())("reports to the administrators on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  /** A conversation between a buyer and a member, with `count` messages the member sent in it; their ids. */
  async function thread(buyer: Account, member: Account, count: number): Promise<string[]> {
    const [conversation] = await database.db
      .insert(conversations)
      .values({
        buyerId: buyer.user.id,
        sellerId: member.user.id,
        subjectType: "store",
        subjectId: crypto.randomUUID(),
      })
      .returning({ id: conversations.id });
    const sent = await database.db
      .insert(messages)
      .values(
        Array.from({ length: count }, (_, i) => ({
          conversationId: conversation!.id,
          senderId: member.user.id,
          body: `Message ${i} from ${member.user.name}`,
        })),
      )
      .returning({ id: messages.id });
    return sent.map((m) => m.id);
  }

  it("keeps a genuine report on the first page under 250 filler reports from two accounts, whose filler is refused after the limit", async () => {
    const victim = await createBuyer(database.db, { companyName: "Genuine Buyer Co" });
    const offender = await createSeller(database.db, { companyName: "Offending Exports" });
    const [offence] = await thread(victim, offender, 1);
    expect(
      await reportMessage(database.db, actorOf(victim), { messageId: offence!, reason: "Threatened me" }),
    ).toMatchObject({ ok: true });

    // an accomplice pair: two accounts report messages of a third, 125 each
    const target = await createSeller(database.db, { companyName: "Accomplice Target" });
    const fillers = [
      await createBuyer(database.db, { companyName: "Filler One" }),
      await createBuyer(database.db, { companyName: "Filler Two" }),
    ];
    const perAccount = ACTION_LIMITS.reportAbout.limit;
    for (const filler of fillers) {
      const ids = await thread(filler, target, 125);
      const answers = [];
      for (const messageId of ids)
        answers.push(await reportMessage(database.db, actorOf(filler), { messageId, reason: `Filler ${messageId}` }));
      expect(answers.slice(0, perAccount).every((a) => a.ok)).toBe(true);
      expect(answers.slice(perAccount)).toHaveLength(125 - perAccount);
      for (const refused of answers.slice(perAccount))
        expect(refused).toEqual({
          ok: false,
          status: 429,
          message: "You have sent too many reports about this member today. Please try again tomorrow.",
        });
    }
    const stored = await database.db
      .select({ id: messageReports.id })
      .from(messageReports)
      .where(eq(messageReports.reportedUserId, target.user.id));
    expect(stored).toHaveLength(2 * perAccount);

    // the administrator's first page: the filler is one row, the genuine report another
    const first = (await listReportGroups(database.db, conversationSubjects, ADMIN))!;
    const genuine = first.groups.find((g) => g.reportedUserId === offender.user.id);
    expect(genuine).toMatchObject({ reportedCompany: "Offending Exports", reports: 1, reporters: 1 });
    expect(genuine!.shown[0]!.samples[0]).toMatchObject({ reason: "Threatened me", messageBody: expect.any(String) });
    expect(first.groups.filter((g) => g.reportedUserId === target.user.id)).toEqual([
      expect.objectContaining({ reportedCompany: "Accomplice Target", reports: 20, reporters: 2, conversations: 2 }),
    ]);
    const flood = first.groups.find((g) => g.reportedUserId === target.user.id)!;
    expect(flood.shown.map((talk) => [talk.reporterCompany, talk.reports, talk.samples.length]).sort()).toEqual([
      ["Filler One", perAccount, 3],
      ["Filler Two", perAccount, 3],
    ]);

    // resolving the group resolves its reports up to the newest shown; one arriving after stays open
    const late = await thread(fillers[0]!, target, 1);
    await database.db.insert(messageReports).values({
      messageId: late[0]!,
      reporterId: fillers[0]!.user.id,
      reportedUserId: target.user.id,
      conversationId: (await database.db.select().from(messages).where(eq(messages.id, late[0]!)))[0]!.conversationId,
      reason: "After the page was read",
    });
    expect(await resolveReportGroup(database.db, { isAdmin: false }, target.user.id, flood.through)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await resolveReportGroup(database.db, ADMIN, target.user.id, "0000-01-01T00:00:00.000000Z")).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await resolveReportGroup(database.db, ADMIN, target.user.id, flood.through)).toEqual({
      ok: true,
      message: "20 reports resolved",
      value: 20,
    });
    const open = await database.db
      .select({ reason: messageReports.reason })
      .from(messageReports)
      .where(and(eq(messageReports.reportedUserId, target.user.id), eq(messageReports.status, "open")));
    expect(open).toEqual([{ reason: "After the page was read" }]);
    const resolved = (await listReportGroups(database.db, conversationSubjects, ADMIN, { status: "resolved" }))!;
    expect(resolved.groups.find((g) => g.reportedUserId === target.user.id)).toMatchObject({ reports: 20 });
    // the single resolve still works
    const stillOpen = (await listReportGroups(database.db, conversationSubjects, ADMIN))!.groups.find(
      (g) => g.reportedUserId === target.user.id,
    )!;
    expect(await resolveReport(database.db, ADMIN, stillOpen.shown[0]!.samples[0]!.id)).toMatchObject({ ok: true });
  });

  it("limits the reports one member sends in an hour, whoever they are about", async () => {
    const reporter = await createBuyer(database.db, { companyName: "Busy Reporter" });
    const { limit } = ACTION_LIMITS.report;
    const answers = [];
    for (let i = 0; i <= limit; i++) {
      const member = await createSeller(database.db, { companyName: `Reported ${i}` });
      const [messageId] = await thread(reporter, member, 1);
      answers.push(await reportMessage(database.db, actorOf(reporter), { messageId: messageId!, reason: "Spam" }));
    }
    expect(answers.slice(0, limit).every((a) => a.ok)).toBe(true);
    expect(answers[limit]).toEqual({
      ok: false,
      status: 429,
      message: "You have sent too many reports in the last hour. Please try again later.",
    });
  });

  it("pages the groups by their newest report, each once, in a fixed number of statements", async () => {
    await database.db.update(messageReports).set({ status: "resolved" });
    const reporter = await createBuyer(database.db, { companyName: "Pager Buyer" });
    const members: Account[] = [];
    for (let i = 0; i < REPORT_GROUPS_PAGE_SIZE + 5; i++)
      members.push(await createSeller(database.db, { companyName: `Paged Member ${i}` }));
    // (straight into the table: the limits are the test above's; all in one statement, so many share a time)
    const rows = [];
    for (const [i, member] of members.entries()) {
      const ids = await thread(reporter, member, (i % 3) + 1);
      const [sent] = await database.db
        .select({ conversationId: messages.conversationId })
        .from(messages)
        .where(eq(messages.id, ids[0]!));
      const conversationId = sent!.conversationId;
      for (const messageId of ids)
        rows.push({
          messageId,
          reporterId: reporter.user.id,
          reportedUserId: member.user.id,
          conversationId,
          reason: "Paged",
        });
    }
    await database.db.insert(messageReports).values(rows);

    const counting = countingDb(database);
    counting.reset();
    const first = (await listReportGroups(counting.db, conversationSubjects, ADMIN))!;
    expect(counting.count()).toBe(2);
    expect(first.groups).toHaveLength(REPORT_GROUPS_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    counting.reset();
    const second = (await listReportGroups(counting.db, conversationSubjects, ADMIN, { cursor: first.next }))!;
    expect(counting.count()).toBe(2);
    expect(second.groups).toHaveLength(5);
    expect(second.next).toBeNull();
    const seen = [...first.groups, ...second.groups].map((g) => g.reportedUserId);
    expect(new Set(seen).size).toBe(REPORT_GROUPS_PAGE_SIZE + 5);
    expect(seen.sort()).toEqual(members.map((m) => m.user.id).sort());
    const times = [...first.groups, ...second.groups].map((g) => g.through);
    expect([...times].sort().reverse()).toEqual(times);
    expect([...first.groups, ...second.groups].map((g) => g.reports).reduce((a, b) => a + b, 0)).toBe(rows.length);

    // a cursor that is no cursor (or out of PostgreSQL's range) is the first page; the resolved filter has its own
    expect(
      (await listReportGroups(database.db, conversationSubjects, ADMIN, { cursor: "garbage" }))!.groups[0],
    ).toEqual(first.groups[0]);
    expect(
      (await listReportGroups(database.db, conversationSubjects, ADMIN, {
        cursor: `0000-01-01T00:00:00.000000Z_${members[0]!.user.id}`,
      }))!.groups[0],
    ).toEqual(first.groups[0]);
    const resolved = (await listReportGroups(database.db, conversationSubjects, ADMIN, { status: "resolved" }))!;
    expect(resolved.groups.some((g) => members.some((m) => m.user.id === g.reportedUserId))).toBe(false);
    expect(await listReportGroups(database.db, conversationSubjects, { isAdmin: false })).toBeNull();
  });
});
