import { describe, it, expect } from "vitest";
import { type Inline, inlineText, isSafeHref, parseInline, parseMarkdown } from "./markdown";

const text = (value: string): Inline => ({ type: "text", text: value });

describe("parseMarkdown blocks", () => {
  it("parses ## and ### headings, and keeps h1 for the page by mapping # to level 2", () => {
    expect(parseMarkdown("## Section\n\n### Sub section\n# Top")).toEqual([
      { type: "heading", level: 2, children: [text("Section")] },
      { type: "heading", level: 3, children: [text("Sub section")] },
      { type: "heading", level: 2, children: [text("Top")] },
    ]);
  });

  it("joins consecutive lines into one paragraph and splits on blank lines", () => {
    expect(parseMarkdown("First line\nsecond line\n\nNext paragraph")).toEqual([
      { type: "paragraph", children: [text("First line second line")] },
      { type: "paragraph", children: [text("Next paragraph")] },
    ]);
  });

  it("parses bulleted lists with -, * and +", () => {
    expect(parseMarkdown("- one\n* two\n+ three")).toEqual([
      { type: "list", ordered: false, start: 1, items: [[text("one")], [text("two")], [text("three")]] },
    ]);
  });

  it("parses numbered lists, keeps the start number and joins indented continuation lines", () => {
    expect(parseMarkdown("3. three\n4) four\n   continued\n\nAfter")).toEqual([
      { type: "list", ordered: true, start: 3, items: [[text("three")], [text("four continued")]] },
      { type: "paragraph", children: [text("After")] },
    ]);
  });

  it("starts a new list when the list kind changes and ends a list at an unindented line", () => {
    const blocks = parseMarkdown("- a\n1. b\nplain");
    expect(blocks.map((block) => block.type)).toEqual(["list", "list", "paragraph"]);
    expect(blocks[0]).toMatchObject({ ordered: false });
    expect(blocks[1]).toMatchObject({ ordered: true });
  });

  it("handles Windows line endings", () => {
    expect(parseMarkdown("## Title\r\n\r\nBody")).toEqual([
      { type: "heading", level: 2, children: [text("Title")] },
      { type: "paragraph", children: [text("Body")] },
    ]);
  });

  it("returns no blocks for empty input", () => {
    expect(parseMarkdown("")).toEqual([]);
    expect(parseMarkdown("\n  \n")).toEqual([]);
  });
});

describe("parseInline", () => {
  it("parses **bold** and *italic*", () => {
    expect(parseInline("a **bold** and *italic* word")).toEqual([
      text("a "),
      { type: "strong", children: [text("bold")] },
      text(" and "),
      { type: "em", children: [text("italic")] },
      text(" word"),
    ]);
  });

  it("nests bold inside italic and italic inside bold", () => {
    expect(parseInline("*it **bo** it*")).toEqual([
      { type: "em", children: [text("it "), { type: "strong", children: [text("bo")] }, text(" it")] },
    ]);
    expect(parseInline("**bo *it* bo**")).toEqual([
      { type: "strong", children: [text("bo "), { type: "em", children: [text("it")] }, text(" bo")] },
    ]);
  });

  it("leaves unmatched or spaced asterisks as text", () => {
    expect(parseInline("2 * 3 * 4")).toEqual([text("2 * 3 * 4")]);
    expect(parseInline("**unclosed")).toEqual([text("**unclosed")]);
    expect(parseInline("a *b")).toEqual([text("a *b")]);
  });

  it("supports backslash escapes", () => {
    expect(parseInline("\\*not italic\\*")).toEqual([text("*not italic*")]);
  });

  it("parses site and https links with formatted labels", () => {
    expect(parseInline("See [the **RFQ** list](/rfqs) or [docs](https://example.com/a?b=1).")).toEqual([
      text("See "),
      { type: "link", href: "/rfqs", children: [text("the "), { type: "strong", children: [text("RFQ")] }, text(" list")] },
      text(" or "),
      { type: "link", href: "https://example.com/a?b=1", children: [text("docs")] },
      text("."),
    ]);
  });

  it("renders javascript: and other unsafe links as plain text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,hi",
      "http://example.com",
      "//evil.example",
      "/\\evil.example",
      "mailto:a@b.c",
      "vbscript:x",
    ]) {
      const nodes = parseInline(`[click me](${href}) now`);
      expect(nodes.some((node) => node.type === "link")).toBe(false);
      expect(inlineText(nodes)).toBe("click me now");
    }
  });

  it("does not nest links inside link labels", () => {
    const nodes = parseInline("[a [b](/x) c](/y)");
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ type: "link", href: "/y" });
    const link = nodes[0] as Extract<Inline, { type: "link" }>;
    expect(link.children.every((child) => child.type === "text")).toBe(true);
  });

  it("keeps raw HTML as literal text", () => {
    const source = '<script>alert("x")</script> <img src=x onerror=alert(1)> <a href="javascript:x">y</a>';
    expect(parseInline(source)).toEqual([text(source)]);
    expect(parseMarkdown(`<div>\n${source}\n</div>`)).toEqual([
      { type: "paragraph", children: [text(`<div> ${source} </div>`)] },
    ]);
  });
});

describe("isSafeHref", () => {
  it("allows only site paths and https URLs", () => {
    expect(isSafeHref("/blog/post")).toBe(true);
    expect(isSafeHref("https://example.com")).toBe(true);
    expect(isSafeHref("https://")).toBe(false);
    expect(isSafeHref("//example.com")).toBe(false);
    expect(isSafeHref("java\nscript:alert(1)")).toBe(false);
    expect(isSafeHref("#top")).toBe(false);
    expect(isSafeHref("")).toBe(false);
  });
});
