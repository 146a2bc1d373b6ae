import { PassThrough, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { Db } from "~/db/client.server";
import { CATEGORY_NODES, findCategory } from "~/lib/categories";
import { decimalNumberFromMinor } from "~/lib/money-minor";
import { minorToDecimalString } from "~/lib/money";
import { exportSellerCatalogue, type ExportedProduct } from "~/modules/products/product-import.server";
import type { ImportRefusal } from "~/db/schema/catalogue-import";
import { COLUMNS, escapeFormulaText, type ColumnKey } from "./columns";
import type { SheetFormat } from "./sheet-reader.server";

type Cell = string | number | null;
type Values = Partial<Record<ColumnKey, Cell>>;

const ladder = (tiers: { minQuantity: number; unitPriceCents: number }[]) =>
  tiers.map((t) => `${t.minQuantity}: ${minorToDecimalString(t.unitPriceCents)}`).join("; ");

/** One product as sheet rows (one per variant), in the template's columns. */
export function exportedRows(p: ExportedProduct): Values[] {
  const shared: Values = {
    productSku: p.key,
    name: p.name,
    description: p.description,
    category: p.category,
    unit: p.unit,
    moq: p.moq,
    currency: "USD",
    hsCode: p.hsCode,
    material: p.material ?? null,
    manufacturer: p.manufacturer ?? null,
    weight: p.weightKg,
    length: p.dimensionsCm?.length ?? null,
    width: p.dimensionsCm?.width ?? null,
    height: p.dimensionsCm?.height ?? null,
    originCountry: p.originCountry,
    originState: p.originState,
    specifications: p.specifications.map((s) => `${s.name}: ${s.value}`).join("; "),
    tags: p.tags.join(", "),
    pictures: p.images.join(", "),
  };
  if (!p.variants.length)
    return [
      {
        ...shared,
        sku: p.key,
        price: decimalNumberFromMinor(p.priceMaxCents),
        lowestPrice: p.priceMinCents < p.priceMaxCents ? decimalNumberFromMinor(p.priceMinCents) : null,
        priceBreaks: ladder(p.tiers),
      },
    ];
  return p.variants.map((v) => ({
    ...shared,
    sku: v.sku,
    price: decimalNumberFromMinor(v.priceCents),
    priceBreaks: ladder(v.tiers),
    colour: v.color,
    size: v.size,
  }));
}

/** A row's cells in the columns' order; text that a spreadsheet would run as a formula is escaped (CSV injection). */
function cells(values: Values, format: SheetFormat): Cell[] {
  return COLUMNS.map(({ key }) => {
    const value = values[key];
    if (value === null || value === undefined) return format === "csv" ? "" : null;
    if (typeof value === "number") return format === "csv" ? String(value) : value;
    return escapeFormulaText(value);
  });
}

/** The template's two example rows: one product with two variants. */
export const EXAMPLE_ROWS: Values[] = [
  {
    productSku: "ST-TOWEL-600",
    sku: "ST-TOWEL-600-WHT",
    name: "Cotton bath towel, 600 GSM",
    description: "Ring-spun cotton terry, hemmed edges, 70 x 140 cm.",
    category: "Towels & Bath Linen",
    unit: "pieces",
    moq: 500,
    currency: "USD",
    price: 4.2,
    priceBreaks: "1000: 3.90; 5000: 3.60",
    colour: "White",
    size: "70 x 140 cm",
    hsCode: "6302.60.0020",
    material: "100% cotton terry, 600 GSM",
    manufacturer: "Shakti Textiles, Tiruppur, Tamil Nadu, India",
    weight: 0.6,
    length: 140,
    width: 70,
    height: 1,
    originCountry: "India",
    originState: "Tamil Nadu",
    specifications: "Material: 100% cotton; GSM: 600",
    tags: "bath towel, terry, hotel towel",
    pictures: "",
  },
  {
    productSku: "ST-TOWEL-600",
    sku: "ST-TOWEL-600-GRY",
    category: "Towels & Bath Linen",
    currency: "USD",
    price: 4.35,
    priceBreaks: "1000: 4.05",
    colour: "Grey",
    size: "70 x 140 cm",
  },
];

const INSTRUCTIONS = [
  ["How to fill in this sheet"],
  [""],
  ["One row per variant. Rows with the same Product SKU are one product; a product without variants is one row."],
  [
    "The SKU is the key: importing a row whose SKU you already have on Setu updates that product, so the same file imported twice changes nothing.",
  ],
  [
    "Product fields (name, description, category, unit, MOQ …) are read from a product's first row; later rows may leave them empty.",
  ],
  [
    "Headings may be in any order; these names are understood too: MOQ = Min order = Minimum order quantity, HS code = HSN = HTSUS, Material / composition = Material = Composition = Fibre content, Manufacturer = Maker = Made by, Pictures = Images.",
  ],
  [
    "Customs: a new or changed HS code must be a 10-digit HTSUS number that Setu's HTSUS table holds, as on the product form; Material / composition and Manufacturer print on the commercial invoice.",
  ],
  [
    "Pictures: put the picture files in one ZIP (up to 200 MB) and name each product's files in the Pictures column, separated by commas.",
  ],
  [
    "Upload the sheet on Setu (My Products → Import products): you will see what would be created, updated and refused before anything changes.",
  ],
  [""],
  ["Column", "What to write"],
  ...COLUMNS.map((c) => [c.heading, c.help]),
];

async function writeXlsx(
  out: PassThrough,
  rows: AsyncIterable<Values> | Iterable<Values>,
  { template }: { template: boolean },
) {
  // loaded when a spreadsheet is written, not at every server start (see sheet-reader.server.ts)
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Products", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.heading, key: c.key, width: Math.max(12, c.heading.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const values of rows) sheet.addRow(cells(values, "xlsx")).commit();
  sheet.commit();
  if (template) {
    const help = workbook.addWorksheet("Instructions");
    help.columns = [{ width: 24 }, { width: 110 }];
    for (const line of INSTRUCTIONS) help.addRow(line).commit();
    help.commit();
    const tree = workbook.addWorksheet("Categories");
    tree.columns = [
      { header: "Category", width: 36 },
      { header: "Write this (or the name)", width: 36 },
      { header: "Under", width: 28 },
    ];
    for (const node of CATEGORY_NODES)
      tree.addRow([node.label, node.slug, node.parent ? findCategory(node.parent)!.label : ""]).commit();
    tree.commit();
  }
  await workbook.commit();
}

function toStream(
  format: SheetFormat,
  rows: () => AsyncIterable<Values> | Iterable<Values>,
  options: { template: boolean },
): Readable {
  if (format === "csv") {
    const csv = stringify({ bom: true, record_delimiter: "\r\n" });
    csv.write(COLUMNS.map((c) => c.heading));
    void (async () => {
      try {
        for await (const values of rows()) if (!csv.write(cells(values, "csv"))) await onceDrained(csv);
        csv.end();
      } catch (error) {
        csv.destroy(error as Error);
      }
    })();
    return csv;
  }
  const out = new PassThrough();
  writeXlsx(out, rows(), options).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

function onceDrained(stream: NodeJS.WritableStream) {
  return new Promise<void>((resolve) => stream.once("drain", () => resolve()));
}

/** The template (CSV, or XLSX with its instructions and categories sheets), with its two example rows. */
export function catalogueTemplate(format: SheetFormat): Readable {
  return toStream(format, () => EXAMPLE_ROWS, { template: true });
}

/** The seller's catalogue in the template's format, written as it is read (pages of 500 products). */
export function catalogueExport(db: Db, actor: { id: string }, format: SheetFormat): Readable {
  return toStream(
    format,
    async function* () {
      for await (const product of exportSellerCatalogue(db, actor)) yield* exportedRows(product);
    },
    { template: false },
  );
}

/** The refused rows of an import as CSV: row, column, reason (escaped like the export). */
export function refusalReport(refusals: readonly ImportRefusal[]): Readable {
  const csv = stringify({ bom: true, record_delimiter: "\r\n" });
  csv.write(["Row", "Column", "Reason"]);
  for (const r of refusals)
    csv.write([r.row === 0 ? "" : String(r.row), escapeFormulaText(r.column), escapeFormulaText(r.reason)]);
  csv.end();
  return csv;
}

export const CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
