/**
 * The columns of the catalogue spreadsheet (issue #42): one row per variant, keyed by SKU. Headings may come in any
 * order and under any of their synonyms ("MOQ", "Min order"); matching ignores case, spaces and punctuation.
 * Browser-safe and pure.
 */
export const COLUMNS = [
  {
    key: "productSku",
    heading: "Product SKU",
    synonyms: ["parent sku", "base sku", "style", "style no", "style number", "product code", "group"],
    help: "Rows with the same Product SKU are variants of one product. Leave it empty (or equal to SKU) for a product without variants.",
  },
  {
    key: "sku",
    heading: "SKU",
    synonyms: ["variant sku", "item code", "item sku", "article", "article no", "article number", "sku code"],
    help: "Required. Your own code for this row: importing a row whose SKU you already have updates that product.",
  },
  {
    key: "name",
    heading: "Product name",
    synonyms: ["name", "title", "product title", "item name", "product"],
    help: "Required on the first row of each product.",
  },
  { key: "description", heading: "Description", synonyms: ["product description", "details"], help: "Optional." },
  {
    key: "category",
    heading: "Category",
    synonyms: ["product category", "subcategory", "sub category"],
    help: "Required. A category or subcategory of Setu's tree, by name or slug (see the Categories sheet), e.g. Bath Linen or bath-linen.",
  },
  {
    key: "unit",
    heading: "Unit",
    synonyms: ["uom", "unit of measure", "units"],
    help: "pieces, kg, tons, liters, meters or sets (empty: pieces).",
  },
  {
    key: "moq",
    heading: "MOQ",
    synonyms: ["min order", "minimum order", "minimum order quantity", "min order qty", "min qty", "moq units"],
    help: "The least a buyer orders, a whole number (empty: 1).",
  },
  {
    key: "currency",
    heading: "Currency",
    synonyms: ["ccy", "price currency"],
    help: "USD or INR (empty: USD). INR prices are converted at Setu's rate in force today.",
  },
  {
    key: "price",
    heading: "Price",
    synonyms: ["unit price", "price per unit", "rate", "selling price", "fob price"],
    help: "Required. The price of one unit, like 4.20.",
  },
  {
    key: "lowestPrice",
    heading: "Lowest price",
    synonyms: ["min price", "price min", "price from"],
    help: "Optional, products without variants only: the lowest price of a range whose highest is Price.",
  },
  {
    key: "priceBreaks",
    heading: "Price breaks",
    synonyms: ["tiers", "price tiers", "volume pricing", "quantity breaks", "bulk prices"],
    help: "Optional. Quantity: price pairs separated by semicolons, like 500: 3.90; 1000: 3.60 (in the row's currency).",
  },
  { key: "colour", heading: "Colour", synonyms: ["color", "colour name", "color name"], help: "Optional (variants)." },
  { key: "size", heading: "Size", synonyms: ["variant size"], help: "Optional (variants)." },
  {
    key: "hsCode",
    heading: "HS code",
    synonyms: ["hs", "hsn", "hsn code", "hts", "hts code", "htsus", "tariff code", "hs code (10 digits)"],
    help: "Optional. The 10-digit HTSUS number the US entry needs, like 6302.60.0020, as Setu's HTSUS table has it (a product's older 6-digit code may stay as it is).",
  },
  {
    key: "material",
    heading: "Material / composition",
    synonyms: [
      "material",
      "materials",
      "composition",
      "material composition",
      "fibre content",
      "fiber content",
      "fabric",
      "fabric content",
    ],
    help: "Optional. What the goods are made of, as the commercial invoice states it, like 100% cotton terry (up to 200 characters). A sheet without this column leaves it as it is.",
  },
  {
    key: "manufacturer",
    heading: "Manufacturer",
    synonyms: ["maker", "made by", "manufactured by", "manufacturer name", "manufacturer name and address", "factory"],
    help: "Optional. The maker's name and address when it is not you (empty: you, the exporter; up to 300 characters). A sheet without this column leaves it as it is.",
  },
  {
    key: "weight",
    heading: "Weight (kg)",
    synonyms: ["weight", "unit weight", "weight kg", "net weight"],
    help: "Optional. Per unit.",
  },
  { key: "length", heading: "Length (cm)", synonyms: ["length", "length cm"], help: "Optional. Per unit." },
  { key: "width", heading: "Width (cm)", synonyms: ["width", "width cm"], help: "Optional. Per unit." },
  { key: "height", heading: "Height (cm)", synonyms: ["height", "height cm"], help: "Optional. Per unit." },
  {
    key: "originCountry",
    heading: "Country of origin",
    synonyms: ["country", "origin", "origin country", "made in"],
    help: "Optional, e.g. India.",
  },
  {
    key: "originState",
    heading: "State of origin",
    synonyms: ["state", "origin state", "region"],
    help: "Optional, e.g. Tamil Nadu.",
  },
  {
    key: "specifications",
    heading: "Specifications",
    synonyms: ["specs", "technical specifications", "attributes"],
    help: "Optional. Name: value pairs separated by semicolons, like Material: Cotton; GSM: 500.",
  },
  {
    key: "tags",
    heading: "Tags",
    synonyms: ["keywords", "search terms"],
    help: "Optional. Words buyers search for, separated by commas.",
  },
  {
    key: "pictures",
    heading: "Pictures",
    synonyms: ["images", "picture files", "image files", "photos", "image", "picture"],
    help: "Optional. File names in the ZIP of pictures you upload with the sheet, separated by commas (the first is the main picture). An exported catalogue has the pictures' addresses here: keep them as they are.",
  },
] as const;

export type ColumnKey = (typeof COLUMNS)[number]["key"];

export const HEADING_OF = Object.fromEntries(COLUMNS.map((c) => [c.key, c.heading])) as Record<ColumnKey, string>;

/** A heading as it is compared: lower case, letters and digits only ("Min. Order" → "minorder"). */
export function normalHeading(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const BY_HEADING = new Map<string, ColumnKey>(
  COLUMNS.flatMap((c) => [c.heading, ...c.synonyms].map((h) => [normalHeading(h), c.key] as const)),
);

export type HeadingMap = { columns: (ColumnKey | null)[]; problems: string[] };

/**
 * Which column each heading is; a heading that is none is ignored (a seller's own notes), one that appears twice
 * and a missing SKU, name, category or price column are problems that refuse the whole file.
 */
export function mapHeadings(headings: readonly string[]): HeadingMap {
  const columns = headings.map((h) => BY_HEADING.get(normalHeading(h)) ?? null);
  const problems: string[] = [];
  const seen = new Set<ColumnKey>();
  columns.forEach((key, i) => {
    if (!key) return;
    if (seen.has(key))
      problems.push(`The column "${HEADING_OF[key]}" appears twice (heading "${headings[i]}"): keep one.`);
    seen.add(key);
  });
  for (const required of ["sku", "name", "category", "price"] as const)
    if (!seen.has(required)) problems.push(`The sheet has no "${HEADING_OF[required]}" column.`);
  return { columns, problems };
}

/** Text a spreadsheet program would run as a formula (CSV injection): written with a leading apostrophe. */
export function escapeFormulaText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
