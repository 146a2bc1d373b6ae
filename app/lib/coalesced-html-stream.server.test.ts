import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { escapeStyleText } from "./built-stylesheet.server";
import { CoalescedHtmlStream, type HtmlSplice } from "./coalesced-html-stream.server";

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
});
