import { CsvError, parse } from "csv-parse/sync";

/**
 * Reads the USITC Harmonized Tariff Schedule export (hts.usitc.gov, "Export" as JSON or CSV) into general duty
 * rates by HS prefix. Only ad valorem rates are kept: "Free" is 0 %, "6.7%" is 6.7 %. Specific and compound rates
 * ("2.2¢/kg", "4.4¢/kg + 6%") cannot be a percentage of value and are skipped and counted; so are lines with no
 * rate of their own (statistical suffixes inherit their heading's). Anything that is not such an export is
 * refused with a message, never an exception.
 */

export const HTS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const HTS_IMPORT_MAX_LINES = 60_000;
/** numeric(8, 4) holds up to 9999.9999; a duty above 1000 % is a typo, not a rate */
const MAX_RATE_PERCENT = 1000;

export type HtsRate = { hsPrefix: string; description: string; ratePercent: string };
/** A 10-digit statistical line of the schedule: the numbers products and invoices state (issue #41). */
export type HtsLine = { code: string; description: string };
export type HtsParseResult =
  | {
      ok: true;
      rates: HtsRate[];
      lines: HtsLine[];
      skippedSpecific: number;
      skippedNoRate: number;
      skippedInvalid: number;
      examples: string[];
    }
  | { ok: false; message: string };

const HTS_COLUMNS = ["htsno", "hts number", "hts_no", "hts"];
const GENERAL_COLUMNS = ["general", "general rate of duty", "general rate", "general_rate"];
const DESCRIPTION_COLUMNS = ["description", "article description"];

function pick(record: Record<string, unknown>, names: string[]): unknown {
  for (const [key, value] of Object.entries(record)) if (names.includes(key.trim().toLowerCase())) return value;
  return undefined;
}

/** "Free" → "0"; "6.7%" → "6.7"; "6.7%1/" (a footnote mark) → "6.7"; anything else → null (specific or compound). */
export function adValoremRate(general: string): string | null {
  const text = general.trim().replace(/\s*\d+\/$/, "");
  if (/^free$/i.test(text)) return "0";
  const match = /^(\d{1,4}(?:\.\d{1,4})?)\s*%$/.exec(text);
  if (!match) return null;
  return Number(match[1]) > MAX_RATE_PERCENT ? null : match[1]!.replace(/^0+(?=\d)/, "");
}

function records(text: string): { ok: true; list: Record<string, unknown>[] } | { ok: false; message: string } {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed === "") return { ok: false, message: "The file is empty." };
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    let data: unknown;
    try {
      data = JSON.parse(trimmed);
    } catch {
      return { ok: false, message: "The file looks like JSON but could not be read as JSON." };
    }
    const list = Array.isArray(data)
      ? data
      : data && typeof data === "object" && Array.isArray((data as { data?: unknown }).data)
        ? (data as { data: unknown[] }).data
        : null;
    if (!list)
      return {
        ok: false,
        message: "The JSON file must be a list of HTS lines (objects with htsno, description and general).",
      };
    if (!list.every((item) => item !== null && typeof item === "object" && !Array.isArray(item)))
      return {
        ok: false,
        message: "Every entry of the JSON list must be an object with htsno, description and general.",
      };
    return { ok: true, list: list as Record<string, unknown>[] };
  }
  try {
    const list: Record<string, unknown>[] = parse(trimmed, {
      columns: (header: string[]) => header.map((h) => String(h).trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
      to: HTS_IMPORT_MAX_LINES + 1,
    });
    return { ok: true, list };
  } catch (error) {
    if (error instanceof CsvError)
      return { ok: false, message: `The CSV file could not be read: ${error.message.slice(0, 200)}` };
    throw error;
  }
}

export function parseHtsExport(text: string): HtsParseResult {
  if (text.includes("\u0000"))
    return { ok: false, message: "This is not a text file: upload the HTS export as CSV or JSON." };
  const read = records(text);
  if (!read.ok) return read;
  const { list } = read;
  if (list.length > HTS_IMPORT_MAX_LINES)
    return {
      ok: false,
      message: `The file has more than ${HTS_IMPORT_MAX_LINES.toLocaleString("en-US")} lines: import it a few chapters at a time.`,
    };
  if (list.length > 0 && (pick(list[0]!, HTS_COLUMNS) === undefined || pick(list[0]!, GENERAL_COLUMNS) === undefined)) {
    return {
      ok: false,
      message: "The file needs the columns htsno and general (the USITC export's HTS Number and General Rate of Duty).",
    };
  }
  const byPrefix = new Map<string, HtsRate>();
  const lines = new Map<string, HtsLine>();
  // the description of the last 8-digit line read: a statistical line's own text ("Towels") reads after it
  let subheading: { number: string; description: string } | null = null;
  let skippedSpecific = 0;
  let skippedNoRate = 0;
  let skippedInvalid = 0;
  const examples: string[] = [];
  for (const record of list) {
    const htsno = String(pick(record, HTS_COLUMNS) ?? "").replace(/[.\s]/g, "");
    const general = String(pick(record, GENERAL_COLUMNS) ?? "").trim();
    if (!/^[0-9]{2,10}$/.test(htsno)) {
      // heading text lines have no number; anything else in the number column is not an HTS number
      if (htsno === "") skippedNoRate += 1;
      else skippedInvalid += 1;
      continue;
    }
    const ownDescription = String(pick(record, DESCRIPTION_COLUMNS) ?? "")
      .replace(/\s+/g, " ")
      .trim();
    if (htsno.length === 8) subheading = { number: htsno, description: ownDescription };
    if (htsno.length === 10 && ownDescription !== "") {
      const parent = subheading?.number === htsno.slice(0, 8) ? subheading.description : "";
      const description = (parent && parent !== ownDescription ? `${parent}: ${ownDescription}` : ownDescription).slice(
        0,
        500,
      );
      lines.set(htsno, { code: htsno, description });
    }
    if (general === "") {
      skippedNoRate += 1;
      continue;
    }
    const rate = adValoremRate(general);
    if (rate === null) {
      skippedSpecific += 1;
      if (examples.length < 5) examples.push(`${htsno}: ${general.slice(0, 40)}`);
      continue;
    }
    const description =
      String(pick(record, DESCRIPTION_COLUMNS) ?? "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 500) || `HTS ${htsno}`;
    byPrefix.set(htsno, { hsPrefix: htsno, description, ratePercent: rate });
  }
  return {
    ok: true,
    rates: [...byPrefix.values()],
    lines: [...lines.values()],
    skippedSpecific,
    skippedNoRate,
    skippedInvalid,
    examples,
  };
}
