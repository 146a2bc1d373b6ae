import { describe, expect, it } from "vitest";
import { CoalescedHtmlStream } from "./coalesced-html-stream.server";

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
});
