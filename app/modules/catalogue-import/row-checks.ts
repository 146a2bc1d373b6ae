import { closest } from "fastest-levenshtein";
import { CATEGORY_NODES, findCategory } from "~/lib/categories";
import { inrPaiseToUsdCents, parseAmountToMinor } from "~/lib/money-minor";
import { UNITS } from "~/lib/units";
import type { ImportRefusal } from "~/db/schema/catalogue-import";
import { checkPriceLadder, manufacturerText, materialText } from "~/modules/products/product-form.schema";
import type { ImportedProduct } from "~/modules/products/product-import.schema";
import { HEADING_OF, type ColumnKey } from "./columns";

/** At most this many rows (variants) in one file. */
export const MAX_IMPORT_ROWS = 10_000;
const MAX_PICTURES = 12;

export type RowCells = Partial<Record<ColumnKey, string>>;

/** What a row's checks need beyond the row: the INR rate in force, the pictures in the ZIP, whose catalogue. */
export type RowContext = {
  sellerId: string;
  inrPerUsd: string | null;
  /** a picture's name in the ZIP → the URL it will be stored at; null when no ZIP came with the sheet */
  pictures: Map<string, string> | null;
};

type Tier = { minQuantity: number; unitPriceCents: number };

/** A row that passed its checks. */
export type CheckedRow = {
  row: number;
  groupKey: string;
  sku: string;
  name: string;
  description: string;
  category: string;
  unit: string;
  moq: number;
  priceCents: number;
  lowestPriceCents: number | null;
  tiers: Tier[];
  color: string;
  size: string;
  hsCode: string | null;
  material: string | null | undefined;
  manufacturer: string | null | undefined;
  weightKg: number | null;
  dimensionsCm: ImportedProduct["dimensionsCm"];
  originCountry: string;
  originState: string;
  specifications: { name: string; value: string }[];
  tags: string[];
  images: string[];
};

const CATEGORY_WORDS = new Map<string, string>();
for (const node of CATEGORY_NODES) {
  CATEGORY_WORDS.set(categoryWord(node.slug), node.slug);
  CATEGORY_WORDS.set(categoryWord(node.label), node.slug);
}
const CATEGORY_KEYS = [...CATEGORY_WORDS.keys()];

function categoryWord(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]/g, "");
}

/** A category cell (a slug, a label, or "Top > Sub") as a slug of the tree, or the closest one's label. */
export function readCategory(cell: string): { slug: string } | { suggestion: string } {
  const last = cell.split(/[>/]/).at(-1)!.trim();
  const slug = CATEGORY_WORDS.get(categoryWord(last));
  if (slug) return { slug };
  const near = CATEGORY_WORDS.get(closest(categoryWord(last) || "x", CATEGORY_KEYS))!;
  return { suggestion: findCategory(near)!.label };
}

/** A leading apostrophe the export put before text that starts like a formula is taken off again. */
export function unescapeFormulaText(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

const DECIMAL = /^\d{1,7}(\.\d{1,4})?$/;

/**
 * Checks one row: every problem with its column and a reason the seller can act on. `cells` are the row's texts
 * (formula cells already read as their values).
 */
export function checkRow(
  row: number,
  rawCells: RowCells,
  context: RowContext,
): { ok: true; value: CheckedRow } | { ok: false; refusals: ImportRefusal[] } {
  const refusals: ImportRefusal[] = [];
  const cell = (key: ColumnKey) => unescapeFormulaText((rawCells[key] ?? "").trim());
  const refuse = (key: ColumnKey, reason: string) => refusals.push({ row, column: HEADING_OF[key], reason });

  const sku = cell("sku");
  if (!sku) refuse("sku", "The SKU is missing: every row needs its own SKU.");
  else if (sku.length > 80 || !/^[\w.\-/# ]+$/.test(sku))
    refuse("sku", "A SKU is at most 80 letters, digits, spaces and . - _ / #.");
  const productSku = cell("productSku");
  if (productSku.length > 80 || (productSku && !/^[\w.\-/# ]+$/.test(productSku)))
    refuse("productSku", "A Product SKU is at most 80 letters, digits, spaces and . - _ / #.");
  const name = cell("name");
  if (name.length > 200) refuse("name", "The product name is longer than 200 characters.");
  const description = cell("description");
  if (description.length > 5000) refuse("description", "The description is longer than 5,000 characters.");

  let category = "";
  const categoryCell = cell("category");
  if (categoryCell) {
    const found = readCategory(categoryCell);
    if ("slug" in found) category = found.slug;
    else refuse("category", `Unknown category "${categoryCell}". Did you mean "${found.suggestion}"?`);
  }

  const unitCell = cell("unit").toLowerCase();
  const unit = unitCell === "" ? "pieces" : unitCell === "piece" || unitCell === "pcs" ? "pieces" : unitCell;
  if (!(UNITS as readonly string[]).includes(unit)) refuse("unit", `Unit must be one of ${UNITS.join(", ")}.`);

  const moqCell = cell("moq").replace(/,/g, "");
  const moq = moqCell === "" ? 1 : Number(moqCell);
  if (!/^\d{1,9}$/.test(moqCell || "1") || moq < 1 || moq > 100_000_000)
    refuse("moq", `MOQ must be a whole number of at least 1, not "${moqCell}".`);

  const currency = (cell("currency") || "USD").toUpperCase();
  if (currency !== "USD" && currency !== "INR") refuse("currency", "Currency must be USD or INR.");
  if (currency === "INR" && !context.inrPerUsd)
    refuse("currency", "Setu has no INR rate in force today: give prices in USD.");
  const toCents = (minor: number) =>
    currency === "INR" && context.inrPerUsd ? inrPaiseToUsdCents(minor, context.inrPerUsd) : minor;
  const amount = (key: ColumnKey, text: string, label: string): number | null => {
    const minor = parseAmountToMinor(text);
    if (minor === null || minor === 0 || minor > 1_000_000_000) {
      refuse(key, `${label} is not a number: "${text}". Write an amount like 4.20.`);
      return null;
    }
    return toCents(minor);
  };
  const priceCell = cell("price");
  let priceCents = 0;
  if (!priceCell) refuse("price", "The price is missing.");
  else priceCents = amount("price", priceCell, "The price") ?? 0;
  const lowestCell = cell("lowestPrice");
  const lowestPriceCents = lowestCell ? amount("lowestPrice", lowestCell, "The lowest price") : null;
  if (lowestPriceCents !== null && priceCents && lowestPriceCents > priceCents)
    refuse("lowestPrice", "The lowest price is more than the price.");

  const tiers: Tier[] = [];
  const breaksCell = cell("priceBreaks");
  if (breaksCell) {
    for (const part of breaksCell.split(/[;\n]/).filter((p) => p.trim())) {
      const match = /^\s*([\d,]+)\s*[:=@]\s*(.+?)\s*$/.exec(part);
      const quantity = match ? Number(match[1]!.replace(/,/g, "")) : NaN;
      const price = match ? parseAmountToMinor(match[2]!) : null;
      if (!match || !Number.isSafeInteger(quantity) || quantity < 1 || price === null || price === 0) {
        refuse("priceBreaks", `"${part.trim()}" is not a price break: write quantity: price, like 500: 3.90.`);
        break;
      }
      tiers.push({ minQuantity: quantity, unitPriceCents: toCents(price) });
    }
    if (tiers.length > 10) refuse("priceBreaks", "At most 10 price breaks.");
    checkPriceLadder(
      tiers.map((t) => ({ minQuantity: t.minQuantity, unitPrice: t.unitPriceCents })),
      { addIssue: (issue) => refuse("priceBreaks", issue.message) },
      { path: (i) => [i], moq, unit, base: priceCents ? { cents: priceCents, label: "the price" } : null },
    );
  }

  const hsCell = cell("hsCode").replace(/[.\s]/g, "");
  if (hsCell && !/^\d{6,10}$/.test(hsCell))
    refuse("hsCode", `"${cell("hsCode")}" is not an HS code: 6 to 10 digits, like 6302.60 or 6302600010.`);

  // by the product form's own rule (too long is refused, not cut); a column the sheet lacks changes nothing
  const goodsText = (key: "material" | "manufacturer", rule: typeof materialText) => {
    if (rawCells[key] === undefined) return undefined;
    const checked = rule.safeParse(cell(key));
    if (checked.success) return checked.data;
    refuse(key, `${checked.error.issues[0]!.message} (it has ${cell(key).length}).`);
    return null;
  };
  const material = goodsText("material", materialText);
  const manufacturer = goodsText("manufacturer", manufacturerText);

  const decimal = (key: ColumnKey, label: string): number | null => {
    const text = cell(key);
    if (!text) return null;
    if (!DECIMAL.test(text)) {
      refuse(key, `${label} is not a number: "${text}".`);
      return null;
    }
    return Number(text);
  };
  const weightKg = decimal("weight", "The weight");
  const length = decimal("length", "The length");
  const width = decimal("width", "The width");
  const height = decimal("height", "The height");

  const specifications: { name: string; value: string }[] = [];
  for (const part of cell("specifications")
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = part.indexOf(":");
    if (at <= 0) {
      refuse("specifications", `"${part}" is not a specification: write name: value, like Material: Cotton.`);
      break;
    }
    specifications.push({
      name: part.slice(0, at).trim().slice(0, 120),
      value: part
        .slice(at + 1)
        .trim()
        .slice(0, 500),
    });
  }
  if (specifications.length > 50) refuse("specifications", "At most 50 specifications.");

  const tags = [
    ...new Set(
      cell("tags")
        .split(/[,;\n]/)
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (tags.length > 20 || tags.some((t) => t.length > 60)) refuse("tags", "At most 20 tags of up to 60 characters.");

  const images: string[] = [];
  const ownPrefix = `/uploads/${context.sellerId}/`;
  for (const name of cell("pictures")
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (name.startsWith("/uploads/") || /^https?:\/\//i.test(name)) {
      if (name.startsWith(ownPrefix) && /^\/uploads\/[\w/-]+\.webp$/.test(name)) images.push(name);
      else refuse("pictures", `"${name}" is not one of your pictures on Setu: put the file in the ZIP instead.`);
      continue;
    }
    const url = context.pictures?.get(name) ?? context.pictures?.get(name.toLowerCase());
    if (url) images.push(url);
    else if (!context.pictures)
      refuse("pictures", `The picture "${name}" is named but no ZIP of pictures was uploaded with the sheet.`);
    else refuse("pictures", `The picture "${name}" is not in the ZIP.`);
  }
  if (images.length > MAX_PICTURES) refuse("pictures", `At most ${MAX_PICTURES} pictures per product.`);

  if (refusals.length) return { ok: false, refusals };
  return {
    ok: true,
    value: {
      row,
      groupKey: productSku || sku,
      sku,
      name,
      description,
      category,
      unit,
      moq,
      priceCents,
      lowestPriceCents,
      tiers,
      color: cell("colour").slice(0, 60),
      size: cell("size").slice(0, 60),
      hsCode: hsCell || null,
      material,
      manufacturer,
      weightKg,
      dimensionsCm: length === null && width === null && height === null ? null : { length, width, height },
      originCountry: cell("originCountry").slice(0, 80),
      originState: cell("originState").slice(0, 80),
      specifications,
      tags,
      images: [...new Set(images)],
    },
  };
}

/**
 * The checked rows as products: rows sharing a Product SKU are one product's variants (the product's own fields
 * from its first row); a product of one row whose SKU is its Product SKU has no variants. A product whose first row
 * lacks a name or category is refused with all its rows.
 */
export function groupProducts(rows: readonly CheckedRow[]): {
  products: { product: ImportedProduct; rows: number[] }[];
  refusals: ImportRefusal[];
} {
  const groups = Map.groupBy(rows, (r) => r.groupKey);
  const products: { product: ImportedProduct; rows: number[] }[] = [];
  const refusals: ImportRefusal[] = [];
  for (const [key, group] of groups) {
    const first = group[0]!;
    const missing = (!first.name && "name") || (!first.category && "category") || null;
    if (missing) {
      const column = missing === "name" ? HEADING_OF.name : HEADING_OF.category;
      for (const r of group)
        refusals.push({
          row: r.row,
          column,
          reason: `The ${missing === "name" ? "product name" : "category"} is missing on the first row of product ${key}.`,
        });
      continue;
    }
    const single = group.length === 1 && first.sku === key;
    products.push({
      rows: group.map((r) => r.row),
      product: {
        baseSku: key,
        name: first.name,
        description: first.description,
        category: first.category,
        unit: first.unit,
        moq: first.moq,
        priceCents: first.priceCents,
        lowestPriceCents: single ? first.lowestPriceCents : null,
        hsCode: first.hsCode,
        material: first.material,
        manufacturer: first.manufacturer,
        weightKg: first.weightKg,
        dimensionsCm: first.dimensionsCm,
        originCountry: first.originCountry,
        originState: first.originState,
        specifications: first.specifications,
        tags: first.tags,
        images: [...new Set(group.flatMap((r) => r.images))].slice(0, MAX_PICTURES),
        tiers: single ? first.tiers : [],
        variants: single
          ? []
          : group.map((r) => ({ sku: r.sku, color: r.color, size: r.size, priceCents: r.priceCents, tiers: r.tiers })),
      },
    });
  }
  return { products, refusals };
}
