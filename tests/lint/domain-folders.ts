import fs from "node:fs";
import path from "node:path";

/** The folder graph of app/modules: for each domain, the other domains its files import (`~/modules/<d>/…`). */
export type FolderGraph = Map<string, Set<string>>;

const MODULE_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)["']~\/modules\/([a-z0-9-]+)\//g;

/** The domains a file imports, read from its text: static, type-only, side-effect and dynamic imports alike. */
export function importedDomains(code: string): string[] {
  return [...code.matchAll(MODULE_IMPORT)].map((m) => m[1]!);
}

/** Adds one file's imports to the graph (a file of `domain`; imports of its own folder are not edges). */
export function addFile(graph: FolderGraph, domain: string, code: string) {
  const edges = graph.get(domain) ?? new Set<string>();
  graph.set(domain, edges);
  for (const imported of importedDomains(code)) if (imported !== domain) edges.add(imported);
}

/** The graph of the app's domain folders as they are on disk; tests are left out (they may set up from anywhere). */
export function readFolderGraph(root: string, skipEdges: readonly string[] = []): FolderGraph {
  const graph: FolderGraph = new Map();
  const modules = path.join(root, "app/modules");
  for (const domain of fs.readdirSync(modules, { withFileTypes: true })) {
    if (!domain.isDirectory()) continue;
    const files = fs.readdirSync(path.join(modules, domain.name), { recursive: true, encoding: "utf8" });
    graph.set(domain.name, graph.get(domain.name) ?? new Set());
    for (const file of files) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      addFile(graph, domain.name, fs.readFileSync(path.join(modules, domain.name, file), "utf8"));
    }
  }
  for (const edge of skipEdges) {
    const [from, to] = edge.split(" -> ");
    graph.get(from!)?.delete(to!);
  }
  return graph;
}

/**
 * The cycles between folders, each as the path that closes it ("a -> b -> a"): one per strongly connected group of
 * folders (Tarjan), the shortest cycle through its first folder, so a report names the folders to separate.
 */
export function folderCycles(graph: FolderGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => {
    const start = group[0]!;
    const members = new Set(group);
    // breadth-first from start back to start, inside the group
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const node = queue.shift()!;
      for (const to of graph.get(node) ?? []) {
        if (!members.has(to)) continue;
        if (to === start) {
          const pathBack = [node];
          while (pathBack[0] !== start) pathBack.unshift(previous.get(pathBack[0]!)!);
          return [...pathBack, start].join(" -> ");
        }
        if (!previous.has(to)) {
          previous.set(to, node);
          queue.push(to);
        }
      }
    }
    return group.join(" <-> ");
  });
}

/** Every table of app/db/schema by its SQL name, with the schema file (TABLE_OWNERS' key) it is declared in. */
export function readTableFiles(root: string): Map<string, string> {
  const tables = new Map<string, string>();
  const dir = path.join(root, "app/db/schema");
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith(".ts")) continue;
    const code = fs.readFileSync(path.join(dir, file), "utf8");
    for (const m of code.matchAll(/pgTable\(\s*["']([a-z0-9_]+)["']/g)) tables.set(m[1]!, file.replace(/\.ts$/, ""));
  }
  return tables;
}

const SQL_TABLE_NAME = /\b(?:from|join|update|into)\s+"?([a-z0-9_]+)"?(?=[\s),;]|$)/gi;

/**
 * The tables a file names in SQL text (`from x`, `join x`, `update x`, `insert into x`): what a raw `sql` template
 * reads or writes without importing the schema file, which the lint zones cannot see. Comments are left out.
 */
export function tablesNamedInSql(code: string, tables: ReadonlyMap<string, string>): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  return [...new Set([...text.matchAll(SQL_TABLE_NAME)].map((m) => m[1]!).filter((name) => tables.has(name)))];
}

/**
 * Where a domain's files name another domain's table in SQL text, as `domain -> table (owner)`: each is a read or
 * write across the walls that lint's import zones do not catch. `allowed` lists, per domain, the schema files it may
 * touch besides its own (read models).
 */
export function foreignTablesInSql(
  root: string,
  owners: Readonly<Record<string, string>>,
  allowed: Readonly<Record<string, readonly string[]>>,
  extra: { domain: string; code: string }[] = [],
): string[] {
  const tables = readTableFiles(root);
  const found = new Set<string>();
  const check = (domain: string, code: string) => {
    for (const name of tablesNamedInSql(code, tables)) {
      const file = tables.get(name)!;
      const owner = owners[file];
      if (owner && owner !== domain && !(allowed[domain] ?? []).includes(file))
        found.add(`${domain} -> ${name} (${owner})`);
    }
  };
  const modules = path.join(root, "app/modules");
  for (const domain of fs.readdirSync(modules, { withFileTypes: true })) {
    if (!domain.isDirectory()) continue;
    for (const file of fs.readdirSync(path.join(modules, domain.name), { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      check(domain.name, fs.readFileSync(path.join(modules, domain.name, file), "utf8"));
    }
  }
  for (const { domain, code } of extra) check(domain, code);
  return [...found].sort();
}
