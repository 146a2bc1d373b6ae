import zlib from "node:zlib";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { escapeStyleText } from "./built-stylesheet.server";
import { CoalescedHtmlStream, deflateOnce, type HtmlSplice } from "./coalesced-html-stream.server";

function collect(stream: CoalescedHtmlStream) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return chunks;
}

describe("CoalescedHtmlStream", () => {
  it("passes on what was written between two flushes as one chunk, in order", async () => {
    const stream = new CoalescedHtmlStream();
    const chunks = collect(stream);
    const encoder = new TextEncoder();
    stream.write(encoder.encode("<html><body>"));
    stream.write("<main>é</main>");
    stream.write(encoder.encode("<p>"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual([]);
    stream.flush();
    stream.write(encoder.encode("</p>"));
    stream.flush();
    stream.flush(); // nothing new: no empty chunk
    stream.write("</body>");
    stream.end("</html>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks).toEqual(["<html><body><main>é</main><p>", "</p>", "</body></html>"]);
  });

  it("keeps the bytes of a character split across two writes", async () => {
    const stream = new CoalescedHtmlStream();
    const chunks = collect(stream);
    const bytes = new TextEncoder().encode("₹1,00,000");
    stream.write(bytes.subarray(0, 2));
    stream.write(bytes.subarray(2));
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks).toEqual(["₹1,00,000"]);
  });

  it("puts the spliced bytes in place of the placeholder: the page React would have sent with the text itself", async () => {
    // a stylesheet React must escape (a "</style" would end the element) and text outside ASCII
    const css = ".a::after{content:'</style><STYLE>₹'}.b{color:red}";
    const placeholder = "/*inline-stylesheet-test*/";
    const page = (text: string) =>
      createElement(
        "html",
        null,
        createElement("head", null, createElement("style", { href: "/assets/app.css", precedence: "app" }, text)),
        // the placeholder's text elsewhere in the page (where a user's words go) is left as it is
        createElement("body", null, createElement("p", null, placeholder), createElement("p", null, "x".repeat(9000))),
      );
    const render = (text: string, splice?: HtmlSplice) =>
      new Promise<string>((resolve, reject) => {
        const stream = new CoalescedHtmlStream(splice);
        const chunks = collect(stream);
        stream.on("end", () => resolve(chunks.join("")));
        const { pipe } = renderToPipeableStream(page(text), { onShellReady: () => pipe(stream), onShellError: reject });
      });
    const direct = await render(css);
    const spliced = await render(placeholder, {
      placeholder: Buffer.from(placeholder),
      content: Buffer.from(escapeStyleText(css)),
    });
    expect(direct).toContain("\\73 tyle>");
    expect(spliced).toBe(direct);
  });

  describe("gzipped", () => {
    const placeholder = "/*inline-stylesheet-test*/";
    const css = Buffer.from(".a{color:red}.b::after{content:'₹ é'}".repeat(400));
    const splice = (): HtmlSplice => ({
      placeholder: Buffer.from(placeholder),
      content: css,
      deflated: deflateOnce(css),
    });

    /** Writes `batches` (flushing after each) and returns what went out, as bytes. */
    async function send(batches: string[], withSplice?: HtmlSplice, gzip = true) {
      const stream = new CoalescedHtmlStream(withSplice, gzip);
      const out: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => out.push(chunk));
      const ended = new Promise((resolve) => stream.on("end", resolve));
      for (const batch of batches) {
        // a batch arrives in several writes, as React sends it; a character may be cut between two
        const bytes = Buffer.from(batch);
        const cut = Math.floor(bytes.length / 2);
        stream.write(bytes.subarray(0, cut));
        stream.write(bytes.subarray(cut));
        stream.flush();
      }
      stream.end();
      await ended;
      return Buffer.concat(out);
    }

    it("is one gzip member holding exactly the page sent as it is, the spliced bytes in place", async () => {
      const batches = [
        `<html><head><style>${placeholder}</style></head><body><p>नमस्ते ₹1,00,000</p>`,
        "",
        "<p>x</p>".repeat(3000),
        "</body></html>",
      ];
      const plain = await send(batches, splice(), false);
      const gzipped = await send(batches, splice());
      expect(gzipped.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      // strict: a wrong CRC-32 or length in the trailer, or a stream that is not final, throws
      expect(zlib.gunzipSync(gzipped)).toEqual(plain);
      expect(plain.toString()).toContain(css.toString());
      expect(plain.toString()).not.toContain(placeholder);
      // the stylesheet was not compressed again, and the page is much smaller than sent as it is
      expect(gzipped.length).toBeLessThan(plain.length / 5);
    });

    it("stays a valid member whatever the batches: none, empty, or the placeholder at either end", async () => {
      const cases: string[][] = [
        [],
        [""],
        [placeholder],
        [`${placeholder}<body>`, "</body>"],
        [`<head>${placeholder}`],
        ["<p>no stylesheet here</p>", "<p>ok</p>"],
      ];
      for (const batches of cases) {
        const plain = await send(batches, splice(), false);
        expect(zlib.gunzipSync(await send(batches, splice()))).toEqual(plain);
      }
    });

    it("compresses the spliced bytes once for every page", async () => {
      const once = splice();
      const page = [`<head>${placeholder}</head>`];
      const first = await send(page, once);
      const second = await send(page, once);
      expect(second).toEqual(first);
      expect(once.deflated!()).toBe(once.deflated!());
    });
  });
});
