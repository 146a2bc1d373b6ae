import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.server";
import { signIn, signUpSeller } from "./support/accounts";
import { hydrated, openBrowser, screenshot, seriousA11yViolations } from "./support/browser";

const GRID = 20;
const CANVAS_WIDTH = 1400;
const snap = (v: number) => Math.round(v / GRID) * GRID;

/** A banner's geometry on the 1400 px editor canvas, as the editor announces it. */
async function geometry(banner: Locator) {
  const label = (await banner.getAttribute("aria-label")) ?? "";
  const m = /at (\d+), (\d+), (\d+) × (\d+)/.exec(label);
  if (!m) throw new Error(`No geometry in "${label}"`);
  const [x, y, width, height] = m.slice(1).map(Number) as [number, number, number, number];
  return { x, y, width, height };
}

/** The editor canvas's content box and its scale (screen px per canvas px). */
async function canvasOf(banner: Locator) {
  const canvas = banner.locator("xpath=..");
  const { left, top, width } = await canvas.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left + el.clientLeft, top: r.top + el.clientTop, width: r.width - 2 * el.clientLeft };
  });
  return { left, top, scale: width / CANVAS_WIDTH };
}

async function drag(page: Page, target: Locator, dx: number, dy: number) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

async function png(width: number, height: number, colour: string) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe("store editor: the owner designs the store and a visitor sees exactly that design", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  const stamp = Date.now();
  const storeName = `Kerala Spice Route ${stamp}`;
  const sellerEmail = `meera-${stamp}@example.test`;
  const password = "Cardamom-Pepper-42";
  const productName = `Malabar black pepper ${stamp}`;
  let storeUrl = "";
  let saved = { x: 0, y: 0, width: 0, height: 0 };
  const canvasHeight = 800;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it("the seller creates a store and puts a product in it", async () => {
    const { page } = browser;
    await signUpSeller(page, { email: sellerEmail, company: "Kerala Spice Route LLP", password: password });
    await page.goto("/stores");
    // the button, once the page has hydrated (before, it is a link to /stores?create=1)
    await hydrated(page);
    await page.getByText("Create Store", { exact: true }).first().click();
    await page.getByLabel("Store Name").fill(storeName);
    await page.getByLabel("Email").fill("orders@keralaspice.example");
    await page.getByRole("button", { name: "Create Store" }).last().click();
    await page.getByText("Store created successfully!").waitFor();
    const manage = page.locator("li", { hasText: storeName }).getByRole("link", { name: "Manage" });
    storeUrl = /^(\/stores\/[0-9a-f-]{36})\/manage$/.exec((await manage.getAttribute("href")) ?? "")![1]!;

    await page.goto("/products");
    await hydrated(page);
    await page.getByRole("button", { name: "Add Product" }).first().click();
    const form = page.locator("main");
    await form.getByLabel("Product Name").fill(productName);
    await form.getByLabel("Description (optional)").fill("Tellicherry extra bold, steam-sterilised, 25 kg sacks");
    await form.getByLabel("Category", { exact: true }).selectOption("spices-and-food");
    await form.getByLabel("Minimum Order Quantity").fill("40");
    await form.getByLabel("Minimum Price (USD)").fill("8");
    await form.getByLabel("Maximum Price (USD)").fill("11");
    await form.getByRole("button", { name: "Add Product" }).last().click();
    await page.getByText("Product created successfully!").waitFor();

    await page.goto(`${storeUrl}/manage`);
    // the button counts the ticked products once the page has hydrated: a box ticked before then is not counted
    await hydrated(page);
    await page.getByLabel(new RegExp(productName)).check();
    await page.getByRole("button", { name: /^Add Existing Products/ }).click();
    await page.getByText("Products added to store successfully!").waitFor();
    await page.getByRole("link", { name: "Products (1)" }).waitFor();
  });

  it("the owner builds the design with mouse and keyboard, uploads a banner image, and saves", async () => {
    const { page } = browser;
    await page.getByRole("link", { name: "Store Appearance" }).click();
    await page.getByRole("heading", { name: "Store Editor" }).waitFor();
    await page.getByRole("button", { name: "Edit Store" }).click();
    await page.getByText("Drag corners to resize • Drag center to move").waitFor();
    await page.getByRole("heading", { name: "Start Building Your Store" }).waitFor();
    await page
      .getByRole("group", { name: "Add the first section" })
      .getByRole("button", { name: "Add Banner Section" })
      .click();
    await page.getByRole("button", { name: "Add Banner", exact: true }).click();

    // a default banner: 300×200 at (50,50), drawn at that place on the scaled canvas
    const banner = page.getByRole("button", { name: /^Banner "/ });
    expect(await geometry(banner)).toEqual({ x: 50, y: 50, width: 300, height: 200 });
    await banner.locator("xpath=..").evaluate((el) => el.scrollIntoView({ block: "start" }));
    const canvas = await canvasOf(banner);
    const drawn = (await banner.boundingBox())!;
    expect(Math.abs(drawn.x - canvas.left - 50 * canvas.scale)).toBeLessThan(1.5);
    expect(Math.abs(drawn.width - 300 * canvas.scale)).toBeLessThan(1.5);

    // dragged with the mouse: snapped to the 20 px grid, inside the canvas
    await drag(page, banner, 110, 75);
    const moved = await geometry(banner);
    expect(moved).toEqual({
      x: snap(50 + 110 / canvas.scale),
      y: snap(50 + 75 / canvas.scale),
      width: 300,
      height: 200,
    });
    expect(moved.x % GRID).toBe(0);
    expect(moved.y % GRID).toBe(0);

    // resized from the bottom-right corner handle
    await drag(page, banner.locator('[data-handle="se"]'), 130, 45);
    const resized = await geometry(banner);
    expect(resized).toEqual({
      x: moved.x,
      y: moved.y,
      width: snap(moved.x + 300 + 130 / canvas.scale) - moved.x,
      height: snap(moved.y + 200 + 45 / canvas.scale) - moved.y,
    });

    // a drag past the right edge is clamped to the canvas
    await drag(page, banner, 800, 0);
    const clamped = await geometry(banner);
    expect(clamped).toEqual({ ...resized, x: CANVAS_WIDTH - resized.width });
    const canvasBox = (await banner.locator("xpath=..").boundingBox())!;
    const bannerBox = (await banner.boundingBox())!;
    expect(bannerBox.x + bannerBox.width).toBeLessThanOrEqual(canvasBox.x + canvasBox.width);

    // the keyboard: arrows move one grid step, Shift+arrows resize
    await banner.focus();
    await page.keyboard.press("ArrowLeft");
    expect(await geometry(banner)).toEqual({ ...clamped, x: clamped.x - GRID });
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowUp");
    expect(await geometry(banner)).toEqual({
      x: clamped.x - GRID,
      y: clamped.y + GRID,
      width: clamped.width + GRID,
      height: clamped.height - GRID,
    });

    // under 5 px of movement is a click: the banner dialog opens
    await drag(page, banner, 2, 1);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Banner" }).waitFor();
    await dialog.getByLabel("Subtitle").fill("Fresh from the Western Ghats");
    await dialog.getByLabel("Call-to-Action Text").fill("See the harvest");
    await dialog.getByLabel("Banner Link (optional)").fill("https://example.com/harvest-2025");

    // the upload is slow; the title typed meanwhile must survive it, and Save waits for it
    let releaseUpload = () => {};
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route("**/api/uploads", async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await dialog
      .getByLabel("Banner Image")
      .setInputFiles({ name: "harvest.png", mimeType: "image/png", buffer: await png(1600, 400, "#7c2d12") });
    await dialog.getByText("Uploading…").waitFor();
    await dialog.getByLabel("Banner Title").fill("Onam Harvest Sale");
    // the modal dialog hides the page behind it from the accessibility tree, Save Store too
    expect(await page.getByRole("button", { name: "Save Store", includeHidden: true }).isDisabled()).toBe(true);
    releaseUpload();
    await page.getByText("Image auto-sized to 1400 × 350px").waitFor();
    await page.unroute("**/api/uploads");
    expect(await dialog.getByLabel("Banner Title").inputValue()).toBe("Onam Harvest Sale");
    expect(await dialog.getByLabel("Subtitle").inputValue()).toBe("Fresh from the Western Ghats");
    await dialog.getByRole("button", { name: "Done" }).click();
    const sized = await geometry(banner);
    expect(sized).toMatchObject({ x: 0, width: 1400, height: 350 });
    expect(await banner.getAttribute("aria-label")).toContain('Banner "Onam Harvest Sale"');
    expect(await banner.locator("img").getAttribute("src")).toMatch(/^\/uploads\/.+\/banner\/.+\.webp$/);

    // Enter opens the banner's dialog from the keyboard; Escape closes it and gives the focus back to the banner
    await banner.focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("heading", { name: "Banner" }).waitFor();
    expect(await page.getByRole("main").count()).toBe(0); // modal: the page behind it is hidden from assistive technology
    expect(await dialog.getByLabel("Banner Title").inputValue()).toBe("Onam Harvest Sale");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Radix returns the focus after its close animation frame: poll, do not read once
    await expect
      .poll(() => banner.evaluate((element) => element === document.activeElement), { timeout: 5000 })
      .toBe(true);

    // then shrunk and moved with the keyboard to its final place
    await banner.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    saved = await geometry(banner);
    expect(saved).toEqual({ x: 40, y: sized.y, width: 1300, height: 350 });

    // the canvas height can be typed digit by digit (it is clamped when the field is left)
    const heightField = page.getByLabel("Canvas height (px)");
    await heightField.click();
    await heightField.press("ControlOrMeta+a");
    await heightField.pressSequentially(String(canvasHeight));
    await heightField.press("Tab");
    expect(await heightField.inputValue()).toBe(String(canvasHeight));
    await heightField.fill("20");
    await heightField.press("Enter");
    expect(await heightField.inputValue()).toBe(String(saved.y + saved.height));
    await heightField.fill(String(canvasHeight));
    await heightField.press("Enter");
    await page.getByLabel("Background", { exact: true }).fill("#fef3c7");

    // a second banner whose image cannot be auto-sized without overlapping the first: it keeps its size, and the toast says so
    await page.getByRole("button", { name: "Add Banner", exact: true }).click();
    const second = page.getByRole("button", { name: /^Banner "New Banner"/ });
    await second.focus();
    await page.keyboard.press("Enter");
    await dialog
      .getByLabel("Banner Image")
      .setInputFiles({ name: "square.png", mimeType: "image/png", buffer: await png(1000, 1000, "#166534") });
    await page
      .getByText(
        "Image added; the banner keeps its size of 300 × 200px because at 1400 × 500px it would overlap another banner",
      )
      .waitFor();
    expect(await page.getByText(/Image auto-sized to 1400 × 500px/).count()).toBe(0);
    await dialog.getByRole("button", { name: "Delete banner" }).click();
    await page.getByText("Banner deleted").waitFor();
    expect(await page.getByRole("button", { name: /^Banner "/ }).count()).toBe(1);

    // a product section after the banner section, and a section added then deleted
    await page
      .getByRole("group", { name: "Add a section after section 1" })
      .getByRole("button", { name: "Add Product Section" })
      .click();
    await page.getByLabel("Section title").fill("Bestsellers");
    await page.getByLabel("Products shown").fill("4");
    await page.getByLabel("Products shown").press("Enter");
    await page
      .getByRole("group", { name: "Add a section after section 2" })
      .getByRole("button", { name: "Add Banner Section" })
      .click();
    await page.getByRole("button", { name: "Delete section 3" }).click();
    await page.getByText("Section deleted").waitFor();
    expect(await page.getByRole("button", { name: /^Delete section/ }).count()).toBe(2);
    await page.getByRole("region", { name: "Bestsellers" }).getByText(productName).waitFor();

    // sections move up and down (#41 item 6); an empty banner section, kept at the end, leaves no gap on the public
    // page (the visitor's test below)
    await page
      .getByRole("group", { name: "Add a section after section 2" })
      .getByRole("button", { name: "Add Banner Section" })
      .click();
    expect(await page.getByRole("button", { name: "Move section 1 up" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Move section 3 down" }).isDisabled()).toBe(true);
    const sectionNames = () =>
      page
        .locator("section[aria-label]")
        .evaluateAll((all) =>
          all
            .map((el) => el.getAttribute("aria-label")!)
            .filter((name) => name === "Bestsellers" || name.startsWith("Banner section")),
        );
    await page.getByRole("button", { name: "Move section 2 up" }).click();
    expect(await sectionNames()).toEqual(["Bestsellers", "Banner section 2", "Banner section 3"]);
    await page.getByRole("button", { name: "Move section 1 down" }).click();
    expect(await sectionNames()).toEqual(["Banner section 1", "Bestsellers", "Banner section 3"]);

    await page.getByRole("button", { name: "Save Store" }).click();
    await page.getByText("Store saved successfully!").waitFor();
    await screenshot(page, "store-editor");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("the server refuses a tampered design with a javascript: link, and nothing changes", async () => {
    const { page } = browser;
    const banner = page.getByRole("button", { name: /^Banner "/ });
    await banner.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByLabel("Banner Title").fill("Hijacked");
    await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
    // the editor itself never sends such a link, so a tampered client is simulated on the wire
    await page.route(/\/manage\.data/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const body = new URLSearchParams(route.request().postData() ?? "");
      const design = JSON.parse(body.get("payload") ?? "{}");
      design.sections[0].banners[0].cta_link = "javascript:alert(document.cookie)";
      body.set("payload", JSON.stringify(design));
      await route.continue({ postData: body.toString() });
    });
    await page.getByRole("button", { name: "Save Store" }).click();
    await page
      .getByText("Failed to save store: Links must start with http://, https:// or / (sections.0.banners.0.cta_link)")
      .waitFor();
    await page.unroute(/\/manage\.data/);
    await page.reload();
    // the editor's buttons work once its code has loaded and hydrated (a click before that does nothing)
    await hydrated(page);
    expect(await page.getByRole("button", { name: /^Banner "/ }).count()).toBe(0); // not in edit mode after a reload
    await page.getByRole("button", { name: "Edit Store" }).click();
    expect(await page.getByRole("button", { name: /^Banner "/ }).getAttribute("aria-label")).toContain(
      'Banner "Onam Harvest Sale"',
    );
  });

  it("a signed-out visitor sees exactly that design and the store's real products", async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await page.goto(storeUrl);
    await page.getByRole("heading", { name: storeName }).waitFor();
    expect(await page.getByText("Hijacked").count()).toBe(0);

    const link = page.getByRole("link", { name: "Onam Harvest Sale" });
    // the empty banner section the owner kept at the end is not drawn at all (no blank canvas)
    expect(await page.locator("[data-banner-section]").count()).toBe(1);
    expect(await link.getAttribute("href")).toBe("https://example.com/harvest-2025");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
    await link.getByText("Fresh from the Western Ghats").waitFor();
    await link.getByText("See the harvest").waitFor();
    const image = link.locator("img");
    expect(await image.getAttribute("src")).toMatch(/^\/uploads\/.+\/banner\/.+\.webp$/);
    // a WebP variant of the 1600 px upload at least as wide as the banner is shown (at this 1x screen)
    const shown = await image.evaluate((img: HTMLImageElement) =>
      img.decode().then(() => ({
        chosen: Number(/-w(\d+)\.webp$/.exec(img.currentSrc)?.[1]),
        boxWidth: img.getBoundingClientRect().width,
      })),
    );
    expect(shown.chosen).toBeGreaterThanOrEqual(shown.boxWidth);
    expect(shown.chosen).toBeLessThanOrEqual(1600);

    // the same place and size, relative to the canvas (scaled from 1400 × 800)
    const canvas = link.locator("xpath=../..");
    const c = (await canvas.boundingBox())!;
    const b = (await link.boundingBox())!;
    const onCanvas = {
      x: ((b.x - c.x) / c.width) * CANVAS_WIDTH,
      y: ((b.y - c.y) / c.height) * canvasHeight,
      width: (b.width / c.width) * CANVAS_WIDTH,
      height: (b.height / c.height) * canvasHeight,
    };
    for (const key of ["x", "y", "width", "height"] as const)
      expect(Math.abs(onCanvas[key] - saved[key])).toBeLessThan(2);
    expect(Math.abs(c.height / c.width - canvasHeight / CANVAS_WIDTH)).toBeLessThan(0.01);
    expect(await canvas.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(254, 243, 199)");

    // then the product section with the store's real product
    const products = page.getByRole("region", { name: "Bestsellers" });
    await products.getByRole("heading", { name: "Bestsellers" }).waitFor();
    await products.getByRole("link", { name: productName }).waitFor();
    expect(await products.getByText("MOQ: 40 pieces").count()).toBe(1);
    expect((await products.boundingBox())!.y).toBeGreaterThan(c.y + c.height);

    // a signed-out heart asks for a login (a click before hydration would do nothing: the dialog is JavaScript's)
    await hydrated(page);
    await products.getByRole("button", { name: `Save ${productName}` }).click();
    await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    // the dialog had no trigger of its own: the focus goes back to the heart that opened it
    await expect(
      products
        .getByRole("button", { name: `Save ${productName}` })
        .evaluate((heart) => heart === document.activeElement),
    ).resolves.toBe(true);
    await screenshot(page, "store-editor-public");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("a signed-in buyer contacts the seller in a conversation about the store, and is never told a product was saved when it was not", async () => {
    const { page } = browser;
    await signIn(page, "sarah@brooklyn-home-goods.example", DEMO_PASSWORD);
    await page.goto(storeUrl);
    expect(await page.getByRole("button", { name: `Save ${productName}` }).count()).toBe(0);
    // Inquire opens a conversation about the product; Contact Seller one about the store
    expect(await page.getByRole("button", { name: "Inquire" }).count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Contact Seller" }).click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await page.getByRole("region", { name: "Conversation about" }).getByRole("link", { name: storeName }).waitFor();
  });
});
