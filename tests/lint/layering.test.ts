import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { LAYER_ZONES, READ_MODELS, TABLE_OWNERS, TABLE_ZONES, TEMPORARY_WALL_GAPS } from "../../eslint.config.js";
import { addFile, folderCycles, foreignTablesInSql, readFolderGraph, type FolderGraph } from "./domain-folders";

/**
 * The layering is enforced by lint (record 0039): each forbidden import below, written into a file of the layer
 * that must not make it, fails `npm run lint` with its zone's message; the allowed direction passes; and an
 * import cycle fails. The files are linted as text under real paths: nothing is written.
 */
let eslint: ESLint;
beforeAll(() => {
  // the project's configuration without its one type-aware rule: the layering rules read imports, not types, and
  // linting a real file of the project (the cycle probe) with types built the whole program first (~45 s of the run)
  eslint = new ESLint({
    overrideConfig: {
      files: ["**/*.{ts,tsx}"],
      languageOptions: { parserOptions: { projectService: false } },
      rules: { "@typescript-eslint/no-unnecessary-type-assertion": "off" },
    },
  });
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const FORBIDDEN: { layer: string; filePath: string; imports: string }[] = [
  { layer: "routes → db", filePath: "app/routes/layering-probe.tsx", imports: "~/db/client.server" },
  {
    layer: "components → modules",
    filePath: "app/components/layering-probe.tsx",
    imports: "~/modules/orders/orders.schema",
  },
  { layer: "components → routes", filePath: "app/components/layering-probe.tsx", imports: "~/routes/orders" },
  { layer: "lib → db", filePath: "app/lib/layering-probe.ts", imports: "~/db/postgres-errors" },
  { layer: "lib → modules", filePath: "app/lib/layering-probe.ts", imports: "~/modules/orders/orders.schema" },
  { layer: "db → modules", filePath: "app/db/layering-probe.ts", imports: "~/modules/orders/orders.schema" },
  { layer: "modules → routes", filePath: "app/modules/orders/layering-probe.ts", imports: "~/routes/orders" },
  { layer: "modules → runtime", filePath: "app/modules/orders/layering-probe.ts", imports: "~/runtime.server" },
  // a domain owns its tables (record 0049): contact may not read the orders table, only call orders' functions
  {
    layer: "a domain → another's tables",
    filePath: "app/modules/contact/layering-probe.ts",
    imports: "~/db/schema/orders",
  },
];

describe("lint enforces the layering", { timeout: 120_000 }, () => {
  it.each(FORBIDDEN)("fails on $layer", async ({ filePath, imports }) => {
    const messages = await lint(filePath, `import * as probe from "${imports}";\nexport const used = probe;\n`);
    const zone = [...LAYER_ZONES, ...TABLE_ZONES].find(
      (z) =>
        filePath.startsWith(z.target.slice(2)) &&
        [z.from].flat().some((from) => imports.startsWith(`~/${from.slice(6).replace(/\.tsx?$/, "")}`)),
    );
    expect(zone, "a zone covers this import").toBeDefined();
    expect(messages).toContainEqual({
      rule: "import-x/no-restricted-paths",
      message: expect.stringContaining(zone!.message),
    });
  });

  it("passes the allowed direction: a route imports a module, a module imports db and lib", async () => {
    expect(
      await lint(
        "app/routes/layering-probe.tsx",
        `import * as orders from "~/modules/orders/orders.schema";\nexport const used = orders;\n`,
      ),
    ).toEqual([]);
    expect(
      await lint(
        "app/modules/orders/layering-probe.ts",
        `import * as db from "~/db/postgres-errors";\nimport * as money from "~/lib/money";\nexport const used = [db, money];\n`,
      ),
    ).toEqual([]);
    // a domain imports its own tables
    expect(
      await lint(
        "app/modules/orders/layering-probe.ts",
        `import { orders } from "~/db/schema/orders";\nexport const used = orders;\n`,
      ),
    ).toEqual([]);
  });

  it("fails on an import cycle", async () => {
    // orders.server imports orders.schema: orders.schema importing it back closes a cycle
    const messages = await lint(
      "app/modules/orders/orders.schema.ts",
      `import { getOrderDetail } from "~/modules/orders/orders.server";\nexport const used = getOrderDetail;\n`,
    );
    expect(messages.map((m) => m.rule)).toContain("import-x/no-cycle");
  });
});

describe("domain folders form a hierarchy (record 0049)", () => {
  it("no two domain folders import each other, directly or round a loop", () => {
    expect(folderCycles(readFolderGraph(process.cwd(), TEMPORARY_WALL_GAPS.edges))).toEqual([]);
  });

  it("fails on a cycle between domain folders, naming it", () => {
    // the real graph, plus a probe file in orders importing reviews (reviews already imports orders)
    const graph: FolderGraph = readFolderGraph(process.cwd(), TEMPORARY_WALL_GAPS.edges);
    addFile(graph, "orders", `import { listReviews } from "~/modules/reviews/reviews.server";\n`);
    expect(folderCycles(graph)).toEqual(["orders -> reviews -> orders"]);
    const loop: FolderGraph = new Map();
    addFile(loop, "a", `import type { B } from "~/modules/b/b.schema";`);
    addFile(loop, "b", `const c = await import("~/modules/c/c.server");`);
    addFile(loop, "c", `import "~/modules/a/a.server";`);
    expect(folderCycles(loop)).toEqual(["a -> b -> c -> a"]);
  });
});

describe("a domain names no other domain's table in raw SQL (record 0049)", () => {
  // what a `sql` template reads or writes by name is invisible to the import zones: this reads the SQL text
  const allowed = Object.fromEntries(
    Object.keys({ ...READ_MODELS, ...TEMPORARY_WALL_GAPS.tables }).map((domain) => [
      domain,
      [
        ...((READ_MODELS as Record<string, string[]>)[domain] ?? []),
        ...((TEMPORARY_WALL_GAPS.tables as Record<string, string[]>)[domain] ?? []),
      ],
    ]),
  );

  it("finds none outside the read models", () => {
    expect(foreignTablesInSql(process.cwd(), TABLE_OWNERS, allowed)).toEqual([]);
  });

  it("fails on a raw read or write of another domain's table, naming it, and not on a table a comment names", () => {
    const probe = [
      {
        domain: "contact",
        code: '// the name was read from stores before\nconst q = sql`select 1 from rfqs r join "orders" o on o.rfq_id = r.id`;',
      },
      { domain: "reviews", code: "await db.execute(sql`update products set status = 'x'`);" },
    ];
    expect(foreignTablesInSql(process.cwd(), TABLE_OWNERS, allowed, probe)).toEqual([
      "contact -> orders (orders)",
      "contact -> rfqs (rfqs)",
      "reviews -> products (products)",
    ]);
  });
});
