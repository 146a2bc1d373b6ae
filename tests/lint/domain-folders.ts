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
