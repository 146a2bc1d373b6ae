import fs from "node:fs";
import { parse } from "csv-parse";

/** One row of a sheet as text cells, numbered as the spreadsheet program numbers it (the headings are row 1). */
export type SheetRow = { row: number; cells: string[] };

export type SheetFormat = "csv" | "xlsx";

/** A file's format from its first bytes: an XLSX is a ZIP ("PK"); anything else is read as CSV text. */
export async function sniffSheetFormat(file: string): Promise<SheetFormat> {
  const handle = await fs.promises.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead >= 4 && buffer.readUInt32LE(0) === 0x04034b50 ? "xlsx" : "csv";
  } finally {
    await handle.close();
  }
}

/**
 * A cell's value as text: a formula cell as its computed value (never the formula), rich text as its text, a date
 * as YYYY-MM-DD, an error as empty.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    if ("formula" in v || "sharedFormula" in v) return cellText(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((part: { text?: unknown }) => cellText(part.text)).join("");
    if ("text" in v) return cellText(v.text);
    if ("error" in v) return "";
  }
  return "";
}

/**
 * The rows of a spreadsheet file, read as a stream (never the whole file in memory): a CSV (UTF-8, a BOM allowed),
 * or an XLSX's first worksheet that is not the template's instructions. Stops after `maxRows` data rows plus one
 * (so the caller can tell the file is too long).
 */
export async function* readSheetRows(file: string, format: SheetFormat, maxRows: number): AsyncGenerator<SheetRow> {
  if (format === "csv") {
    const parser = fs
      .createReadStream(file)
      .pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: false, max_record_size: 200_000 }));
    let row = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        row++;
        yield { row, cells: record };
        if (row > maxRows + 1) break;
      }
    } finally {
      parser.destroy();
    }
    return;
  }
  // exceljs is some 300 modules of CommonJS: loaded when a spreadsheet is read, not at every server start
  const { default: ExcelJS } = await import("exceljs");
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  let chosen = false;
  for await (const worksheet of reader) {
    const name = String((worksheet as unknown as { name?: string }).name ?? "");
    const take = !chosen && !/^(instructions|categories)$/i.test(name);
    let count = 0;
    for await (const row of worksheet) {
      if (!take || count > maxRows + 1) continue;
      const values = Array.isArray(row.values) ? (row.values as unknown[]).slice(1) : [];
      count++;
      yield { row: row.number, cells: Array.from(values, cellText) };
    }
    if (take) chosen = true;
  }
}
