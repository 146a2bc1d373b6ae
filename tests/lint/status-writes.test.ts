import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Each lifecycle has one writer (record 0048): `orders.status` only through `moveOrder` (orders.server, checked
 * against ORDER_TRANSITIONS), a milestone's state only through `setMilestoneState` (payments.server), RFQ and quote
 * statuses only through the RFQ module's `moveRfqs` and `moveQuotes`. This reads every file of the app, the server,
 * the seed, the scripts and the benchmarks, and finds each UPDATE that sets one of those columns, by Drizzle's query
 * builder (`.update(orders).set({ status … })`) or in raw SQL (`update ${orders} set status = …`,
 * `UPDATE orders SET status`): there is exactly one, in its owner's file. Test fixtures (tests/factories) may put a
 * row in any state, as they insert rows in any state.
 *
 * What it cannot see: a `.set(values)` whose object is built elsewhere; the writers take their fields as arguments
 * for that reason (a status is never among them).
 */
type Rule = { column: string; table: string; schemaFile: string; sqlTable: string; owner: string };

const RULES: Rule[] = [
  {
    column: "status",
    table: "orders",
    schemaFile: "orders",
    sqlTable: "orders",
    owner: "app/modules/orders/orders.server.ts",
  },
  {
    column: "state",
    table: "paymentMilestones",
    schemaFile: "payments",
    sqlTable: "payment_milestones",
    owner: "app/modules/payments/payments.server.ts",
  },
  { column: "status", table: "rfqs", schemaFile: "rfqs", sqlTable: "rfqs", owner: "app/modules/rfqs/rfqs.server.ts" },
  {
    column: "status",
    table: "rfqResponses",
    schemaFile: "rfqs",
    sqlTable: "rfq_responses",
    owner: "app/modules/rfqs/rfqs.server.ts",
  },
];

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "server", "seed", "scripts", "bench", "server.js"];

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    const full = path.join(ROOT, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isFile()) {
      if (/\.(ts|tsx|js|mjs)$/.test(relative)) files.push(relative);
      return;
    }
    for (const entry of fs.readdirSync(full)) {
      if (entry === "node_modules" || entry.startsWith(".")) continue;
      walk(path.join(relative, entry));
    }
  };
  SCANNED.forEach(walk);
  return files;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The names the file gives the rule's table: imported from its schema file, under its own name or an alias. */
function localNames(source: string, rule: Rule): string[] {
  const names: string[] = [];
  const imports = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["'][^"']*db\/schema\/([\w-]+)["']/g;
  for (const [, specifiers, file] of source.matchAll(imports)) {
    if (file !== rule.schemaFile) continue;
    for (const specifier of specifiers!.split(",")) {
      const [name, alias] = specifier.trim().split(/\s+as\s+/);
      if (name === rule.table) names.push(alias ?? name);
    }
  }
  return names;
}

/** How many UPDATEs in `source` set the rule's column. */
function countWrites(source: string, rule: Rule): number {
  let count = 0;
  const setsColumn = new RegExp(`[{,]\\s*(?:${rule.column})\\s*[:,}]`);
  for (const name of localNames(source, rule)) {
    // the query builder: .update(orders) … .set({ …, status: … }) before the statement's .where / .returning / ;
    for (const match of source.matchAll(new RegExp(`\\.update\\(\\s*${escape(name)}\\s*\\)`, "g"))) {
      const rest = source.slice(match.index + match[0].length);
      const end = rest.search(/\.where\(|\.returning\(|;/);
      const statement = end === -1 ? rest : rest.slice(0, end);
      if (/\.set\(/.test(statement) && setsColumn.test(statement.slice(statement.indexOf(".set(")))) count++;
    }
  }
  // raw SQL: update ${orders} set … status = …, or UPDATE orders SET status = …
  const tables = [
    ...localNames(source, rule).map((name) => `\\$\\{\\s*${escape(name)}\\s*\\}`),
    `"?${rule.sqlTable}"?`,
  ];
  const rawUpdate = new RegExp(`\\bupdate\\s+(?:${tables.join("|")})(?:\\s+(?:as\\s+)?\\w+)?\\s+set\\b`, "gi");
  for (const match of source.matchAll(rawUpdate)) {
    const rest = source.slice(match.index + match[0].length);
    const end = rest.search(/\bwhere\b|\breturning\b|\bfrom\b|`/i);
    if (new RegExp(`\\b${rule.column}\\s*=`, "i").test(end === -1 ? rest : rest.slice(0, end))) count++;
  }
  return count;
}

const files = sourceFiles().map((file) => ({ file, source: fs.readFileSync(path.join(ROOT, file), "utf8") }));

describe("each lifecycle has one writer", () => {
  it.each(RULES)("$table.$column is written once, by $owner", (rule) => {
    const writers = files
      .map(({ file, source }) => ({ file, writes: countWrites(source, rule) }))
      .filter((w) => w.writes > 0);
    expect(writers).toEqual([{ file: rule.owner, writes: 1 }]);
  });

  it("finds the writes it is meant to find, and only those", () => {
    const orders = RULES[0]!;
    const schema = `import { orderEvents, orders } from "~/db/schema/orders";\n`;
    const found = (code: string) => countWrites(code, orders);
    expect(found(`${schema}await tx.update(orders).set({ status: "completed" }).where(eq(orders.id, id));`)).toBe(1);
    expect(found(`${schema}await tx\n  .update(orders)\n  .set({ updatedAt: now, status })\n  .where(x);`)).toBe(1);
    expect(found(`${schema}await tx.update(orders).set({ ...details, status: to });`)).toBe(1);
    expect(found(`${schema}sql\`update \${orders} set completed_at = now(), status = 'completed' where id = 1\``)).toBe(
      1,
    );
    expect(found("await db.execute(sql`UPDATE orders SET status = 'cancelled'`);")).toBe(1);
    expect(found(`import { orders as o } from "../db/schema/orders";\ndb.update(o).set({ status: "placed" });`)).toBe(
      1,
    );
    // not a status write: other columns, the status only in the condition, another table, an insert
    expect(found(`${schema}await tx.update(orders).set({ carrier: "x" }).where(eq(orders.status, "shipped"));`)).toBe(
      0,
    );
    expect(found(`${schema}sql\`update \${orders} set carrier = 'x' where status = 'shipped'\``)).toBe(0);
    expect(found(`${schema}await tx.update(orderEvents).set({ status: "x" });`)).toBe(0);
    expect(found(`${schema}await tx.insert(orders).values({ status: "placed" });`)).toBe(0);
    expect(found(`${schema}await tx.update(orders).set({ statusNote: "x" });`)).toBe(0);
  });
});
