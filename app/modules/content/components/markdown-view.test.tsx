import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { isSafeHref } from "../markdown";
import { MarkdownView } from "./markdown-view";

/** The article's HTML, without the wrapper's classes: what a reader's browser gets. */
function render(source: string): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <MarkdownView source={source} />
    </MemoryRouter>,
  );
  return html
    .replace(/^<div[^>]*>/, "")
    .replace(/<\/div>$/, "")
    .replace(/ class="[^"]*"/g, "")
    .replace(/\n/g, "");
}

describe("blog Markdown (react-markdown)", () => {
  it("renders ## and ### as h2 and h3 with unique anchors, and # as h2: the page title is the only h1", () => {
    expect(render("## Section\n\n### Sub section\n# Top\n\n## Section")).toBe(
      '<h2 id="section">Section</h2><h3 id="sub-section">Sub section</h3><h2 id="top">Top</h2><h2 id="section-2">Section</h2>',
    );
  });

  it("joins consecutive lines into one paragraph and splits on blank lines, Windows line endings too", () => {
    expect(render("First line\nsecond line\r\n\r\nNext paragraph")).toBe("<p>First line\nsecond line</p><p>Next paragraph</p>".replace(/\n/g, ""));
  });

  it("renders bulleted and numbered lists, keeping the start number", () => {
    expect(render("- one\n- two")).toBe("<ul><li>one</li><li>two</li></ul>");
    expect(render("3. three\n4. four\n\nAfter")).toBe('<ol start="3"><li>three</li><li>four</li></ol><p>After</p>');
  });

  it("renders **bold** and *italic*, nested either way, and leaves spaced asterisks and escapes as text", () => {
    expect(render("a **bold** and *italic* word")).toBe("<p>a <strong>bold</strong> and <em>italic</em> word</p>");
    expect(render("*it **bo** it*")).toBe("<p><em>it <strong>bo</strong> it</em></p>");
    expect(render("2 * 3 * 4")).toBe("<p>2 * 3 * 4</p>");
    expect(render("\\*not italic\\*")).toBe("<p>*not italic*</p>");
  });

  it("links to our own paths (client-side) and to https addresses, with formatted labels", () => {
    expect(render("See [the **RFQ** list](/rfqs) or [docs](https://example.com/a?b=1).")).toBe(
      '<p>See <a href="/rfqs" data-discover="true">the <strong>RFQ</strong> list</a> or <a href="https://example.com/a?b=1" rel="noopener noreferrer">docs</a>.</p>',
    );
  });

  it("shows javascript:, data:, http:, protocol-relative and other unsafe links as their label's text", () => {
    for (const href of ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,hi", "http://example.com", "//evil.example", "mailto:a@b.c", "vbscript:x"]) {
      const html = render(`[click me](${href}) now`);
      expect(html).not.toContain("<a");
      expect(html).not.toMatch(/href=/);
      expect(html).toBe("<p><span>click me</span> now</p>");
    }
  });

  it("keeps a backslash path on our site: the parser percent-encodes it, so it cannot become //evil.example", () => {
    expect(render("[click me](/\\evil.example) now")).toBe('<p><a href="/%5Cevil.example" data-discover="true">click me</a> now</p>');
  });

  it("keeps raw HTML as literal text, never as elements", () => {
    const source = '<script>alert("x")</script> <img src=x onerror=alert(1)> <a href="javascript:x">y</a>';
    const html = render(`Before ${source}\n\n<div>\n${source}\n</div>`);
    expect(html).not.toMatch(/<(script|img|div)\b/);
    expect(html).not.toContain('<a href="javascript');
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;div&gt;");
  });

  it("shows what articles may not use (images, code, quotes) as plain text", () => {
    const html = render("![a pic](https://example.com/x.png)\n\n> quoted\n\n`code`");
    expect(html).not.toMatch(/<(img|blockquote|code)\b/);
    expect(html).toContain("quoted");
    expect(html).toContain("code");
  });

  it("renders nothing for empty input", () => {
    expect(render("")).toBe("");
    expect(render("\n  \n")).toBe("");
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
