import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const major = (version: string) => Number(/(\d+)/.exec(version)![1]);

describe("the pinned runtime", () => {
  it("pins Node 24 in the project, and the version files say the same", () => {
    expect(major(pkg.devDependencies.node!)).toBe(24);
    expect(fs.readFileSync(".nvmrc", "utf8").trim()).toBe("24");
    expect(fs.readFileSync(".node-version", "utf8").trim()).toBe("24");
    expect(pkg.engines.node).toMatch(/^>=22\./);
  });

  it("runs the tests, and what they start, on the pinned Node 24 whatever the system's Node", () => {
    // npm puts node_modules/.bin first on PATH: the `node` package's binary runs every script
    expect(major(process.versions.node)).toBe(24);
    const child = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
    expect(major(child)).toBe(24);
    expect(fs.realpathSync(process.execPath)).toContain(`${fs.realpathSync("node_modules")}/`);
  });
});
