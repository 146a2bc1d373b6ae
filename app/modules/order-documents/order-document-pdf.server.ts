import fs from "node:fs";
import { createRequire } from "node:module";

/** One export document's content, laid out by renderDocumentPdf. Every string is printed as text, never interpreted. */
export type DocumentContent = {
  title: string;
  /** e.g. [["Invoice No.", "CI/2026-27/0001"], ["Invoice date", "25 Nov 2026"]] */
  heading: [string, string][];
  parties: { label: string; lines: string[] }[];
  terms: [string, string][];
  /** a table: its column headings, which are right-aligned (numbers), and its rows */
  table: {
    columns: { label: string; width: number; align?: "left" | "right" }[];
    rows: string[][];
    totals?: [string, string][];
  };
  notes: string[];
  /** printed in capitals, boxed: e.g. the LUT declaration */
  declaration?: string;
  signatory: string;
};

/**
 * The fonts every document embeds (record 0053): Noto Sans for Latin (accented letters), Greek, Cyrillic and the rupee
 * sign, Noto Sans Devanagari for Hindi and Marathi names. PDF's standard fonts (Helvetica) print Windows-1252 only.
 * Both ship as TTF files in their npm packages; pdfkit embeds the subset a document uses, with its Unicode map, so
 * the text can be searched and copied.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  devanagari: "@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf",
  devanagariBold: "@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf",
} as const;
type FontName = keyof typeof FONT_FILES;
let fontBytes: Record<FontName, Buffer> | null = null;
function fonts(): Record<FontName, Buffer> {
  fontBytes ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, fs.readFileSync(require.resolve(file))]),
  ) as Record<FontName, Buffer>;
  return fontBytes;
}

type Range = readonly [number, number];
const inRanges = (ranges: readonly Range[], code: number) => ranges.some(([from, to]) => code >= from && code <= to);

/** Devanagari, its extended blocks, and the joiners that shape its conjuncts. */
const DEVANAGARI: Range[] = [
  [0x0900, 0x097f],
  [0xa8e0, 0xa8ff],
  [0x1cd0, 0x1cff],
  [0x200c, 0x200d],
];
const isDevanagari = (char: string) => inRanges(DEVANAGARI, char.codePointAt(0)!);

/**
 * What the embedded fonts print: Latin with its extensions and accents, Greek, Cyrillic, general punctuation,
 * currency signs (₹, €, £), a few symbols, and Devanagari.
 */
const PRINTABLE: Range[] = [
  [0x09, 0x0a],
  [0x0d, 0x0d],
  [0x20, 0x024f],
  [0x0300, 0x036f],
  [0x0370, 0x04ff],
  [0x1e00, 0x1eff],
  [0x2000, 0x206f],
  [0x20a0, 0x20c0],
  [0x2100, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
  ...DEVANAGARI,
];

/** Anything no embedded font has (emoji, other scripts) becomes "?", rather than an empty box. */
export function printable(text: string): string {
  return Array.from(text, (char) => (inRanges(PRINTABLE, char.codePointAt(0)!) ? char : "?")).join("");
}

/** The text split into runs of one script: Devanagari runs print in the Devanagari font, the rest in Noto Sans. */
export function scriptRuns(text: string): { devanagari: boolean; text: string }[] {
  const runs: { devanagari: boolean; text: string }[] = [];
  for (const char of text) {
    // spaces and punctuation stay in the run they are in, so that a Devanagari name is one run with its spaces
    const devanagari = isDevanagari(char) || (/[\s.,-]/.test(char) && runs.at(-1)?.devanagari === true);
    const last = runs.at(-1);
    if (last && last.devanagari === devanagari) last.text += char;
    else runs.push({ devanagari, text: char });
  }
  return runs;
}

const PAGE = { width: 595.28, margin: 40 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const GREY = "#475569";
const RULE = "#cbd5e1";

/** Renders `content` as an A4 PDF. `created` is the PDF's own creation date (the document's issue time). */
export async function renderDocumentPdf(content: DocumentContent, created: Date): Promise<Buffer> {
  // pdfkit, fontkit and their Unicode tables load when a document is first printed, not at every server start
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    // an empty default font: pdfkit loads no standard font (Helvetica); every text names an embedded one
    font: "",
    info: {
      Title: printable(`${content.title} ${content.heading[0]?.[1] ?? ""}`.trim()),
      Author: "Setu",
      Creator: "Setu",
      CreationDate: created,
    },
  });
  for (const [name, bytes] of Object.entries(fonts())) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  const x = PAGE.margin;

  /** Prints `value` at (px, py), each script's run in its font; returns the document for chaining. */
  const write = (
    weight: "regular" | "bold",
    size: number,
    colour: string,
    value: string,
    px: number,
    py: number,
    options: PDFKit.Mixins.TextOptions,
  ) => {
    const runs = scriptRuns(printable(value));
    if (runs.length === 0) runs.push({ devanagari: false, text: "" });
    doc.fontSize(size).fillColor(colour);
    runs.forEach((run, index) => {
      doc.font(run.devanagari ? (weight === "bold" ? "devanagariBold" : "devanagari") : weight);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, px, py, { ...options, continued });
      else doc.text(run.text, { ...options, continued });
    });
    return doc;
  };
  const INK = "#0f172a";

  write("bold", 18, INK, content.title, x, PAGE.margin, { width: CONTENT_WIDTH / 2 });
  let headingY = PAGE.margin;
  for (const [label, value] of content.heading) {
    write("regular", 8, GREY, label, x + CONTENT_WIDTH / 2, headingY, { width: 110 });
    write("bold", 9, INK, value, x + CONTENT_WIDTH / 2 + 110, headingY, { width: CONTENT_WIDTH / 2 - 110 });
    headingY = doc.y + 3;
  }
  let y = Math.max(headingY, PAGE.margin + 30) + 10;
  doc
    .moveTo(x, y)
    .lineTo(x + CONTENT_WIDTH, y)
    .strokeColor(RULE)
    .stroke();
  y += 10;

  // the parties, two side by side in each row
  const perRow = Math.min(2, Math.max(1, content.parties.length));
  const partyWidth = CONTENT_WIDTH / perRow - 10;
  for (let i = 0; i < content.parties.length; i += perRow) {
    let partiesBottom = y;
    content.parties.slice(i, i + perRow).forEach((party, index) => {
      const px = x + index * (partyWidth + 10);
      write("bold", 8, GREY, party.label.toUpperCase(), px, y, { width: partyWidth });
      for (const line of party.lines) write("regular", 9, INK, line, px, doc.y + 1, { width: partyWidth });
      partiesBottom = Math.max(partiesBottom, doc.y);
    });
    y = partiesBottom + 10;
  }
  y += 2;

  // the terms, two columns of label: value
  const termWidth = CONTENT_WIDTH / 2 - 10;
  for (let i = 0; i < content.terms.length; i += 2) {
    let rowBottom = y;
    for (const [column, term] of [content.terms[i], content.terms[i + 1]].entries()) {
      if (!term) continue;
      const tx = x + column * (termWidth + 20);
      write("regular", 8, GREY, term[0], tx, y, { width: 105 });
      rowBottom = Math.max(rowBottom, doc.y);
      write("regular", 9, INK, term[1], tx + 105, y, { width: termWidth - 105 });
      rowBottom = Math.max(rowBottom, doc.y);
    }
    y = rowBottom + 4;
  }
  y += 8;

  // the table
  const { columns, rows, totals } = content.table;
  const scale = CONTENT_WIDTH / columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => c.width * scale);
  const cellX = (index: number) => x + widths.slice(0, index).reduce((sum, w) => sum + w, 0);
  doc.rect(x, y, CONTENT_WIDTH, 18).fill("#f1f5f9");
  columns.forEach((column, index) => {
    write("bold", 8, INK, column.label, cellX(index) + 4, y + 5, {
      width: widths[index]! - 8,
      align: column.align ?? "left",
    });
  });
  y += 22;
  for (const row of rows) {
    let rowBottom = y;
    row.forEach((cell, index) => {
      write("regular", 9, INK, cell, cellX(index) + 4, y, {
        width: widths[index]! - 8,
        align: columns[index]?.align ?? "left",
      });
      rowBottom = Math.max(rowBottom, doc.y);
    });
    y = rowBottom + 6;
    doc
      .moveTo(x, y - 3)
      .lineTo(x + CONTENT_WIDTH, y - 3)
      .strokeColor(RULE)
      .stroke();
  }
  for (const [label, value] of totals ?? []) {
    write("bold", 10, INK, label, x, y + 2, { width: CONTENT_WIDTH - 150, align: "right" });
    write("bold", 10, INK, value, x + CONTENT_WIDTH - 150, y + 2, { width: 146, align: "right" });
    y = doc.y + 4;
  }
  y += 10;

  for (const note of content.notes) {
    write("regular", 9, INK, note, x, y, { width: CONTENT_WIDTH });
    y = doc.y + 3;
  }
  if (content.declaration) {
    y += 8;
    const declaration = printable(content.declaration);
    const height =
      doc
        .font("bold")
        .fontSize(10)
        .heightOfString(declaration, { width: CONTENT_WIDTH - 16 }) + 12;
    doc.rect(x, y, CONTENT_WIDTH, height).strokeColor(INK).stroke();
    write("bold", 10, INK, declaration, x + 8, y + 6, { width: CONTENT_WIDTH - 16 });
    y += height + 6;
  }
  y += 24;
  write("regular", 9, INK, `For ${content.signatory}`, x, y, { width: CONTENT_WIDTH, align: "right" });
  write("regular", 9, INK, "Authorised signatory", x, doc.y + 24, { width: CONTENT_WIDTH, align: "right" });
  write(
    "regular",
    7,
    GREY,
    "Issued through Setu (setu.example). This document was generated once and is stored unchanged.",
    x,
    doc.y + 18,
    { width: CONTENT_WIDTH },
  );
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
