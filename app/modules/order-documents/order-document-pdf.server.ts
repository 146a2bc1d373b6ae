import PDFDocument from "pdfkit";

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
 * The PDF's standard fonts (Helvetica) print Windows-1252 only: the rupee sign and other scripts do not exist in them.
 * Amounts say "INR" instead of "₹" (decision record 0029); Intl's narrow and no-break spaces become plain spaces, and any
 * other character the font cannot print becomes "?", so that nothing prints as a wrong glyph.
 */
export function printable(text: string): string {
  return text
    .replace(/₹\s?/g, "INR ")
    .replace(/[\u00a0\u202f\u2009]/g, " ")
    .replace(/[\u2010-\u2013]/g, "-")
    .replace(/[^\t\n\r\u0020-\u007e\u00a1-\u00ff\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/gu, "?");
}

const PAGE = { width: 595.28, margin: 40 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const GREY = "#475569";
const RULE = "#cbd5e1";

/** Renders `content` as an A4 PDF. `created` is the PDF's own creation date (the document's issue time). */
export async function renderDocumentPdf(content: DocumentContent, created: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    info: {
      Title: printable(`${content.title} ${content.heading[0]?.[1] ?? ""}`.trim()),
      Author: "Setu",
      Creator: "Setu",
      CreationDate: created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  const x = PAGE.margin;
  const text = (value: string) => printable(value);

  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .fillColor("#0f172a")
    .text(text(content.title), x, PAGE.margin, { width: CONTENT_WIDTH / 2 });
  let headingY = PAGE.margin;
  for (const [label, value] of content.heading) {
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(GREY)
      .text(text(label), x + CONTENT_WIDTH / 2, headingY, { width: 110 });
    doc
      .font("Helvetica-Bold")
      .fontSize(9)
      .fillColor("#0f172a")
      .text(text(value), x + CONTENT_WIDTH / 2 + 110, headingY, { width: CONTENT_WIDTH / 2 - 110 });
    headingY = doc.y + 3;
  }
  let y = Math.max(headingY, PAGE.margin + 30) + 10;
  doc
    .moveTo(x, y)
    .lineTo(x + CONTENT_WIDTH, y)
    .strokeColor(RULE)
    .stroke();
  y += 10;

  // the parties side by side
  const partyWidth = CONTENT_WIDTH / Math.max(1, content.parties.length) - 10;
  let partiesBottom = y;
  content.parties.forEach((party, index) => {
    const px = x + index * (partyWidth + 10);
    doc
      .font("Helvetica-Bold")
      .fontSize(8)
      .fillColor(GREY)
      .text(text(party.label.toUpperCase()), px, y, { width: partyWidth });
    doc.font("Helvetica").fontSize(9).fillColor("#0f172a");
    for (const line of party.lines) doc.text(text(line), px, doc.y + 1, { width: partyWidth });
    partiesBottom = Math.max(partiesBottom, doc.y);
  });
  y = partiesBottom + 12;

  // the terms, two columns of label: value
  const termWidth = CONTENT_WIDTH / 2 - 10;
  for (let i = 0; i < content.terms.length; i += 2) {
    let rowBottom = y;
    for (const [column, term] of [content.terms[i], content.terms[i + 1]].entries()) {
      if (!term) continue;
      const tx = x + column * (termWidth + 20);
      doc.font("Helvetica").fontSize(8).fillColor(GREY).text(text(term[0]), tx, y, { width: 105 });
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor("#0f172a")
        .text(text(term[1]), tx + 105, y, { width: termWidth - 105 });
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
    doc
      .font("Helvetica-Bold")
      .fontSize(8)
      .fillColor("#0f172a")
      .text(text(column.label), cellX(index) + 4, y + 5, { width: widths[index]! - 8, align: column.align ?? "left" });
  });
  y += 22;
  for (const row of rows) {
    let rowBottom = y;
    row.forEach((cell, index) => {
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor("#0f172a")
        .text(text(cell), cellX(index) + 4, y, { width: widths[index]! - 8, align: columns[index]?.align ?? "left" });
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
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("#0f172a")
      .text(text(label), x, y + 2, { width: CONTENT_WIDTH - 150, align: "right" });
    doc.text(text(value), x + CONTENT_WIDTH - 150, y + 2, { width: 146, align: "right" });
    y = doc.y + 4;
  }
  y += 10;

  doc.font("Helvetica").fontSize(9).fillColor("#0f172a");
  for (const note of content.notes) {
    doc.text(text(note), x, y, { width: CONTENT_WIDTH });
    y = doc.y + 3;
  }
  if (content.declaration) {
    y += 8;
    const height =
      doc
        .font("Helvetica-Bold")
        .fontSize(10)
        .heightOfString(text(content.declaration), { width: CONTENT_WIDTH - 16 }) + 12;
    doc.rect(x, y, CONTENT_WIDTH, height).strokeColor("#0f172a").stroke();
    doc.fillColor("#0f172a").text(text(content.declaration), x + 8, y + 6, { width: CONTENT_WIDTH - 16 });
    y += height + 6;
  }
  y += 24;
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#0f172a")
    .text(text(`For ${content.signatory}`), x, y, { width: CONTENT_WIDTH, align: "right" });
  doc.text("Authorised signatory", x, doc.y + 24, { width: CONTENT_WIDTH, align: "right" });
  doc
    .font("Helvetica")
    .fontSize(7)
    .fillColor(GREY)
    .text(
      "Issued through Setu (setu.example). This document was generated once and is stored unchanged.",
      x,
      doc.y + 18,
      { width: CONTENT_WIDTH },
    );
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
