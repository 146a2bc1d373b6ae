import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { printable, renderDocumentPdf, scriptRuns, type DocumentContent } from "./order-document-pdf.server";

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const content = (exporter: string[], signatory: string): DocumentContent => ({
  title: "COMMERCIAL INVOICE",
  heading: [["Invoice No.", "CI/2026-27/0001"]],
  parties: [
    { label: "Exporter", lines: exporter },
    { label: "Consignee", lines: ["Café Zürich Imports LLC", "Attn: José Núñez"] },
  ],
  terms: [["Unit price", "₹350.00"]],
  table: { columns: [{ label: "Description of goods", width: 1 }], rows: [["Hand-block printed cushion cover"]] },
  notes: [],
  signatory,
});

describe("export document PDFs", () => {
  it("print the rupee sign, accented Latin and Devanagari names as those characters, in embedded Noto fonts", async () => {
    const bytes = await renderDocumentPdf(
      content(["मनीष मसाला उद्योग", "Société Générale Exportations", "₹4,25,000.00"], "गणेश"),
      new Date("2026-11-25T09:00:00Z"),
    );
    const text = await pdfText(bytes);
    expect(text).toContain("मनीष मसाला");
    expect(text).toContain("Société Générale Exportations");
    expect(text).toContain("Café Zürich Imports LLC");
    expect(text).toContain("José Núñez");
    expect(text).toContain("₹4,25,000.00");
    expect(text).toContain("₹350.00");
    expect(text).toContain("गणेश");
    expect(text).not.toContain("?");
    // the fonts are embedded subsets of Noto; no standard font (Helvetica) is referenced
    const raw = bytes.toString("latin1");
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
    expect(raw).not.toContain("Helvetica");
  });

  it("print what no embedded font has as '?', never as an empty box", () => {
    expect(printable("Mug 😀 陶器 ₹ é क")).toBe("Mug ? ?? ₹ é क");
  });

  it("split text into runs of one script, a Devanagari name with its spaces in one run", () => {
    expect(scriptRuns("For मनीष शर्मा, Jaipur")).toEqual([
      { devanagari: false, text: "For " },
      { devanagari: true, text: "मनीष शर्मा, " },
      { devanagari: false, text: "Jaipur" },
    ]);
  });
});
