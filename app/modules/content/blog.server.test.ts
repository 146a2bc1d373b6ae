import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getBlogPost, listBlogPosts, parseFrontMatter } from "./blog.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-blog-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("blog posts", () => {
  it("reads YAML front matter: quoted and plain values, dates kept as written", () => {
    const parsed = parseFrontMatter('\uFEFF---\r\ntitle: "Quotes: what works"\r\ndate: 2026-11-18\r\nauthor: Rohan # a comment\r\n---\r\nBody');
    expect(parsed).toEqual({ fields: { title: "Quotes: what works", date: "2026-11-18", author: "Rohan" }, body: "Body" });
    expect(parseFrontMatter("no front matter")).toBeNull();
    expect(parseFrontMatter("---\n- a list\n---\nBody")).toBeNull();
    expect(parseFrontMatter("---\ntitle: [unclosed\n---\nBody")).toBeNull();
  });

  it("lists valid posts newest first, skips invalid ones, and returns a post's Markdown body", async () => {
    fs.writeFileSync(path.join(dir, "older.md"), "---\ntitle: Older\ndescription: d\ndate: 2026-01-02\nauthor: A\n---\n## Hi");
    fs.writeFileSync(path.join(dir, "newer.md"), "---\ntitle: Newer\ndescription: d\ndate: 2026-03-04\nauthor: B\n---\nText");
    fs.writeFileSync(path.join(dir, "broken.md"), "---\ntitle: Broken\ndate: yesterday\n---\nText");
    expect((await listBlogPosts(dir)).map((post) => post.slug)).toEqual(["newer", "older"]);
    expect(await getBlogPost("older", dir)).toMatchObject({ title: "Older", displayDate: "January 2, 2026", body: "## Hi" });
    expect(await getBlogPost("broken", dir)).toBeNull();
    expect(await getBlogPost("../older", dir)).toBeNull();
  });

  it("reads every committed article", async () => {
    const posts = await listBlogPosts();
    expect(posts.length).toBe(fs.readdirSync("content/blog").filter((name) => name.endsWith(".md")).length);
  });
});
