import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, hydrated, openBrowser } from "./support/browser";

type ImageFacts = {
  src: string;
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchpriority: string | null;
  top: number;
  belowFold: boolean;
  complete: boolean;
  naturalWidth: number;
};

/** Every uploaded image in the page's main content, with what the browser was told about it. */
async function uploadedImages(page: Page): Promise<ImageFacts[]> {
  return page.locator("main img").evaluateAll((images) =>
    images
      .filter((img) => (img as HTMLImageElement).src.includes("/uploads/"))
      .map((element) => {
        const img = element as HTMLImageElement;
        const top = img.getBoundingClientRect().top + window.scrollY;
        return {
          src: img.getAttribute("src")!,
          srcset: img.getAttribute("srcset"),
          sizes: img.getAttribute("sizes"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          loading: img.getAttribute("loading"),
          fetchpriority: img.getAttribute("fetchpriority"),
          top,
          belowFold: top > window.innerHeight,
          complete: img.complete,
          naturalWidth: img.naturalWidth,
        };
      }),
  );
}

function expectSizedAndResponsive(images: ImageFacts[]) {
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    expect(image.srcset, image.src).toMatch(/^\/uploads\/\S+-w\d+\.webp \d+w(, \/uploads\/\S+-w\d+\.webp \d+w)*$/);
    expect(image.sizes, image.src).toBeTruthy();
    expect(Number(image.width), image.src).toBeGreaterThan(0);
    expect(Number(image.height), image.src).toBeGreaterThan(0);
    if (image.belowFold) expect(image.loading, `${image.src} is below the fold`).toBe("lazy");
  }
}

/** A variant URL of a srcset, by its width descriptor. */
function variantOf(srcset: string, width: number) {
  const candidate = srcset
    .split(", ")
    .map((entry) => entry.split(" "))
    .find(([, descriptor]) => descriptor === `${width}w`);
  if (!candidate) throw new Error(`no ${width}w variant in ${srcset}`);
  return candidate[0]!;
}

describe("responsive images", () => {
  // a phone, as Lighthouse's mobile run sees the pages
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 412, height: 823 } });
  });
  afterAll(() => browser?.close());

  it("gives a product page's picture a srcset of WebP variants, its size, high priority and a preload; the variant answers as WebP of that width", async () => {
    const { page } = browser;
    // a demo product (its picture is 640 px wide): products other files make may have smaller ones
    await page.goto("/browse?q=Organic+Cotton+Bath+Towels");
    const href = await page
      .locator("main article")
      .filter({ hasText: "Organic Cotton Bath Towels, 600 GSM" })
      .locator("a[href^='/product/']")
      .first()
      .getAttribute("href");
    await page.goto(href!);
    await hydrated(page);

    const images = await uploadedImages(page);
    expectSizedAndResponsive(images);
    const main = images[0]!;
    expect(main).toMatchObject({ loading: "eager", fetchpriority: "high", belowFold: false });
    expect(images.filter((image) => image.fetchpriority === "high")).toHaveLength(1);
    // it is shown: the browser chose a variant and decoded it
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("main img[fetchpriority=high]");
      return img?.complete && img.naturalWidth > 0;
    });

    // preloaded from the head with the same candidates, so the browser fetches it before it parses the body
    const preload = page.locator(`head link[rel=preload][as=image][fetchpriority=high]`);
    await expect(preload.getAttribute("imagesrcset")).resolves.toBe(main.srcset);
    await expect(preload.getAttribute("imagesizes")).resolves.toBe(main.sizes);

    for (const width of [480, 640]) {
      const response = await fetch(`${baseUrl()}${variantOf(main.srcset!, width)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toContain("immutable");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width });
      // asked again (the browser fetched it first, too), the same bytes: the app's page cache keeps pages only
      const again = await fetch(`${baseUrl()}${variantOf(main.srcset!, width)}`);
      expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // a width that is not offered is not made
    const odd = variantOf(main.srcset!, 480).replace("-w480.", "-w481.");
    expect((await fetch(`${baseUrl()}${odd}`)).status).toBe(404);
  });

  it("loads a store's hero banner first and its product cards, below the fold, lazily, each with its size set", async () => {
    const { page } = browser;
    await page.goto("/browse?tab=stores");
    // a demo store (each has a drawn hero banner); other tests on this server add stores without one
    const href = await page
      .getByRole("link", { name: /^View Store: Shakti Textiles/ })
      .first()
      .getAttribute("href");
    await page.goto(href!);
    await hydrated(page);

    const images = await uploadedImages(page);
    expectSizedAndResponsive(images);
    const hero = images[0]!;
    expect(hero.srcset).toContain("/hero_banner/");
    expect(hero).toMatchObject({ loading: "eager", fetchpriority: "high", width: "1600", height: "400" });
    await expect(
      page.locator("head link[rel=preload][as=image][fetchpriority=high]").getAttribute("imagesrcset"),
    ).resolves.toBe(hero.srcset);
    const below = images.filter((image) => image.belowFold);
    expect(below.length).toBeGreaterThan(0);

    // the hero's box has its final height before the picture arrives: nothing below it moves
    const box = await page.locator("main img[fetchpriority=high]").boundingBox();
    expect(Math.round(box!.height)).toBe(Math.round(box!.width / 4));
  });
});
