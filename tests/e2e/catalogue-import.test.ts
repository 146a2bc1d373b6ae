import ExcelJS from "exceljs";
import { zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "./support/accounts";
import { downloadedBytes, hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

const stamp = Date.now();
const SELLER = "rajesh@shakti-textiles.example";

/** The downloaded CSV template, its example SKUs made this run's own, plus a planted mistake and a product with a picture. */
function sheetFrom(template: string, towelName: string) {
  const lines = template
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split(/\r?\n/);
  const heading = lines[0]!.split(",");
  const blank = () => heading.map(() => "");
  const row = (values: Record<string, string>) => {
    const cells = blank();
    for (const [key, value] of Object.entries(values)) cells[heading.indexOf(key)] = value;
    return cells.map((c) => `"${c}"`).join(",");
  };
  const examples = lines.slice(1).map((l) => l.replaceAll("ST-TOWEL-600", `ST-TOWEL-${stamp}`));
  examples[0] = examples[0]!.replace("Cotton bath towel, 600 GSM", towelName);
  return [
    lines[0],
    ...examples,
    // row 4: a price that is not a number
    row({ SKU: `BAD-${stamp}`, "Product name": "Bad price", Category: "bath-linen", Price: "four" }),
    // row 5: a product with its picture in the ZIP
    row({
      SKU: `PIC-${stamp}`,
      "Product name": `Jute tote bag ${stamp}`,
      Category: "Bags & Accessories",
      MOQ: "200",
      Price: "2.10",
      Pictures: "tote.png",
    }),
  ].join("\n");
}

describe("catalogue import: a seller downloads the template, uploads a sheet with a mistake, previews, commits and finds the products", () => {
  let desktop: Awaited<ReturnType<typeof openBrowser>>;
  let phone: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    desktop = await openBrowser();
    phone = await openBrowser({ viewport: { width: 360, height: 800 } });
  });
  afterAll(async () => {
    await desktop?.close();
    await phone?.close();
  });

  it("on the desktop: template, preview with the planted mistake, progress to done, the product on the marketplace, export", async () => {
    const { page } = desktop;
    await signIn(page, SELLER);
    await page.goto("/products");
    await page.getByRole("link", { name: "Import products" }).click();
    await page.waitForURL("**/products/import");
    await page.getByRole("heading", { level: 1, name: "Import products" }).waitFor();
    await hydrated(page);

    // the XLSX template: the products sheet with its headings and two examples, the instructions, the categories
    const [xlsxDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Template (XLSX)" }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadedBytes(xlsxDownload)) as never);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Products", "Instructions", "Categories"]);
    const products = workbook.getWorksheet("Products")!;
    expect(products.getRow(1).getCell(2).value).toBe("SKU");
    expect(products.rowCount).toBe(3);

    const [csvDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Template (CSV)" }).click(),
    ]);
    const towelName = `Imported bath towel ${stamp}`;
    const sheet = sheetFrom((await downloadedBytes(csvDownload)).toString("utf8"), towelName);
    const tote = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#a0522d" } })
      .jpeg()
      .toBuffer();
    const zip = Buffer.from(zipSync({ "pictures/tote.png": tote }));

    await page
      .getByLabel(/^Spreadsheet/)
      .setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(sheet) });
    await page
      .getByLabel(/^Pictures/)
      .setInputFiles({ name: "pictures.zip", mimeType: "application/zip", buffer: zip });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByRole("heading", { name: "3. Check and import" }).waitFor();
    const counts = page.getByRole("definition");
    expect(await counts.allInnerTexts()).toEqual(["2", "0", "0", "1"]);
    const refused = page.getByRole("list", { name: "Refused rows" }).getByRole("listitem");
    expect(await refused.count()).toBe(1);
    expect(await refused.first().innerText()).toMatch(/Row 4\s+Price\s+The price is not a number: "four"/);
    await screenshot(page, "catalogue-import-preview-desktop");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Import 2 products" }).click();
    await page.getByRole("heading", { name: "Import finished" }).waitFor({ timeout: 30_000 });
    await page.getByText("3 of 3 rows done").waitFor();
    expect(
      await page.locator("progress#import-progress").evaluate((p: HTMLProgressElement) => [p.value, p.max]),
    ).toEqual([3, 3]);
    await page.getByText("2 created, 0 updated, 0 unchanged.").waitFor();
    await screenshot(page, "catalogue-import-done-desktop");

    // on the marketplace, with its picture re-encoded
    await page.goto(`/browse?q=${encodeURIComponent(`Jute tote bag ${stamp}`)}`);
    await page
      .getByRole("link", { name: new RegExp(`Jute tote bag ${stamp}`) })
      .first()
      .click();
    await page.getByRole("heading", { level: 1, name: `Jute tote bag ${stamp}` }).waitFor();
    const picture = await page.locator(`main img[alt*="Jute tote bag"]`).first().getAttribute("src");
    expect(picture).toMatch(/\/uploads\/.+\.webp$/);
    await page.goto(`/browse?q=${encodeURIComponent(towelName)}`);
    await page
      .getByRole("link", { name: new RegExp(towelName) })
      .first()
      .waitFor();

    // the export has them, in the template's format
    await page.goto("/products/import");
    const [exported] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export catalogue (CSV)" }).click(),
    ]);
    const csv = (await downloadedBytes(exported)).toString("utf8");
    expect(csv).toContain(`PIC-${stamp}`);
    expect(csv).toContain(`ST-TOWEL-${stamp}-GRY`);
  });

  it("at 360 px: the page fits, a refused file is explained, and a preview can be discarded", async () => {
    const { page } = phone;
    await signIn(page, SELLER);
    // from the store's manage page: new products go on that store's shelf too
    await page.goto("/stores");
    await page.getByRole("link", { name: "Manage" }).first().click();
    await page.getByRole("link", { name: "Import products" }).click();
    await page.waitForURL(/\/products\/import\?store=[0-9a-f-]{36}$/);
    await page.getByText("New products are also added to your store.").waitFor();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel(/^Spreadsheet/).setInputFiles({
      name: "wrong.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Name,Cost\nTowel,4\n"),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText('The sheet has no "SKU" column.').waitFor();
    await page.getByLabel(/^Spreadsheet/).setInputFiles({
      name: "typo.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`SKU,Product name,Category,Price\nPH-${stamp},Phone towel,Bath Linnen,4\n`),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText('Unknown category "Bath Linnen". Did you mean "Towels & Bath Linen"?').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "catalogue-import-preview-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Discard and upload again" }).click();
    await page.getByRole("button", { name: "Check file" }).waitFor();
  });
});
