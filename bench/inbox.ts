// The inbox of a user with many conversations (issue: messaging, "10,000 conversations load in a fixed number
// of queries"): the statements each inbox read sends, and its time against a user with ten conversations.
//   npm run bench:inbox -- [--conversations 10000] [--database-url postgres://…/throwaway_db]
// Without --database-url it runs on an in-memory PGlite. The conversations are written with SQL in bulk.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrateDatabase, openPglite, openPostgres, type Database, type Db } from "~/db/client.server";
import { listInbox, unreadConversationCount } from "~/modules/messaging/messaging.server";
import { conversationSubjects } from "~/modules/conversation-subjects/conversation-subjects.server";
import { createBuyer, createSeller } from "../seed/factories/users";

const { values } = parseArgs({
  options: {
    conversations: { type: "string", default: "10000" },
    "database-url": { type: "string" },
    runs: { type: "string", default: "50" },
  },
});
const total = Number(values.conversations);
const runs = Number(values.runs);

const database: Database = values["database-url"]
  ? await openPostgres(values["database-url"], 2)
  : await openPglite(null);
await migrateDatabase(database, values["database-url"]);
const { db } = database;

/** A second Drizzle client on the same connection that counts what it sends. */
let statements = 0;
const client = (db as unknown as { $client: never }).$client;
const logger = { logQuery: () => void (statements += 1) };
const counting: Db =
  database.engine === "pglite"
    ? drizzlePglite(client, { logger, casing: "snake_case" })
    : drizzlePostgres(client, { logger, casing: "snake_case" });

/** `count` conversations of `userId` (the buyer) with `sellers`, two messages each, one in three unread. */
async function fill(buyerId: string, sellerIds: string[], count: number) {
  await db.execute(sql`
    with made as (
      insert into conversations (buyer_id, seller_id, subject_type, subject_id, created_at)
      select ${buyerId}, (array[${sql.join(
        sellerIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[])[1 + (n % ${sellerIds.length})], 'store', gen_random_uuid(), now() - make_interval(mins => n)
      from generate_series(1, ${count}) as n
      returning id, seller_id, created_at
    ), asked as (
      insert into messages (conversation_id, sender_id, body, created_at)
      select id, ${buyerId}, 'Could you quote 5,000 pieces, FOB Chennai?', created_at from made
      returning conversation_id
    ), answered as (
      insert into messages (conversation_id, sender_id, body, created_at)
      select id, seller_id, 'Yes: $2.40 a piece, 30 days.', created_at + interval '1 minute' from made
      returning id, conversation_id, sender_id, created_at
    )
    update conversations c set last_message_id = a.id, last_message_at = a.created_at, last_sender_id = a.sender_id,
      buyer_read_at = case when extract(epoch from a.created_at)::bigint % 3 = 0 then null else a.created_at end,
      seller_read_at = a.created_at, buyer_first_message_at = c.created_at, seller_first_reply_at = a.created_at
    from answered a where a.conversation_id = c.id`);
}

async function measure(label: string, read: () => Promise<unknown>) {
  const times: number[] = [];
  let perRead = 0;
  for (let i = 0; i < runs; i++) {
    statements = 0;
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
    perRead = Math.max(perRead, statements);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { label, statements: perRead, p50: p(0.5), p95: p(0.95) };
}

const sellers = await Promise.all(Array.from({ length: 20 }, () => createSeller(db, {})));
const big = await createBuyer(db, {});
const small = await createBuyer(db, {});
const fillStarted = performance.now();
await fill(
  big.user.id,
  sellers.map((s) => s.user.id),
  total,
);
await fill(
  small.user.id,
  sellers.map((s) => s.user.id),
  10,
);
await db.execute(sql`analyze conversations`);
await db.execute(sql`analyze messages`);
console.log(
  `${database.engine}: ${total.toLocaleString("en-US")} conversations written in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`,
);

const deep = await listInbox(db, conversationSubjects, big.user, {});
let cursor = deep.next;
for (let i = 0; i < 20 && cursor; i++) cursor = (await listInbox(db, conversationSubjects, big.user, { cursor })).next;

const rows = [
  await measure(`inbox, 10 conversations`, () => listInbox(counting, conversationSubjects, small.user, {})),
  await measure(`inbox, ${total.toLocaleString("en-US")} conversations`, () =>
    listInbox(counting, conversationSubjects, big.user, {}),
  ),
  await measure(`"Needs reply", ${total.toLocaleString("en-US")}`, () =>
    listInbox(counting, conversationSubjects, big.user, { filter: "needs-reply" }),
  ),
  await measure(`page 22 (cursor), ${total.toLocaleString("en-US")}`, () =>
    listInbox(counting, conversationSubjects, big.user, { cursor }),
  ),
  await measure(`unread count, 10`, () => unreadConversationCount(counting, small.user.id)),
  await measure(`unread count, ${total.toLocaleString("en-US")}`, () => unreadConversationCount(counting, big.user.id)),
];
console.log("| read | statements | p50 ms | p95 ms |\n| --- | --- | --- | --- |");
for (const row of rows)
  console.log(`| ${row.label} | ${row.statements} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} |`);
const ratio = rows[1]!.p95 / rows[0]!.p95;
console.log(`inbox p95, ${total.toLocaleString("en-US")} against 10 conversations: ${ratio.toFixed(2)}×`);
await database.close();
process.exit(rows.every((row) => row.statements === 1) ? 0 : 1);
