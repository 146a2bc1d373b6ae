import jsQR from "jsqr";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores, storeProducts } from "~/db/schema/stores";
import { createProduct } from "../../../seed/factories/products";
import { createBuyer, createSeller, type Account, actorOf as actor } from "../../../seed/factories/users";
import { postCategoryTabs, postStoreDesign } from "../../../tests/support/store-manage-form";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { newBanner, newSection } from "./store-design.schema";
import { qrDataUrl } from "./qr.server";
import { qrFileName, readStoreForm, storeDetailsSchema } from "./store-form.schema";
import { parseInput } from "~/lib/command-result";
import type { Actor } from "~/modules/accounts/accounts.schema";
import {
  addProductsToStore,
  createStore,
  getManagedStore,
  getPublicStore,
  listOwnStores,
  refreshStoreQrCodes,
  removeStoreProduct,
  setProductTab,
  storeQrDownload,
  toggleFeatured,
  toggleFollow,
  updateStoreSettings,
} from "./stores.server";

function form(values: Record<string, string | string[]>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) for (const item of Array.isArray(v) ? v : [v]) f.append(k, item);
  return f;
}

/** The store form posted to /stores as the route takes it: the schema's refusal, or the command's answer. */
function postCreateStore(db: TestDatabase["db"], who: Actor, posted: FormData, publicUrl: string) {
  const details = parseInput(storeDetailsSchema, readStoreForm(posted));
  return details.ok ? createStore(db, who, details.value, publicUrl) : details;
}

/** The Settings tab posted as the manage route takes it. */
function postStoreSettings(db: TestDatabase["db"], who: Actor, storeId: string, posted: FormData) {
  const details = parseInput(storeDetailsSchema, readStoreForm(posted));
  const status = posted.get("status") === "hidden" ? "hidden" : "active";
  return details.ok ? updateStoreSettings(db, who, storeId, details.value, status) : details;
}

async function decodeQr(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.width).toBe(512);
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

const PUBLIC_URL = "https://setu.example";

describe.each(testEngines())("stores on %s", (engine) => {
  let database: TestDatabase;
  let seller: Account;
  let rival: Account;
  let buyer: Account;
  let storeId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    seller = await createSeller(database.db, { companyName: "Jaipur Blue Pottery" });
    rival = await createSeller(database.db);
    buyer = await createBuyer(database.db);
  });
  afterAll(() => database.drop());

  it("creates a store with its QR code in the same request, encoding the absolute public URL", async () => {
    const result = await postCreateStore(
      database.db,
      actor(seller),
      form({
        name: "Jaipur Blue Pottery & Co.",
        email: "sales@jbp.example",
        website: "https://jbp.example",
        phone: "+91 141 555 0199",
        categories: ["handicrafts", "furniture"],
        city: "Jaipur",
      }),
      PUBLIC_URL,
    );
    expect(result).toMatchObject({ ok: true, message: "Store created successfully!" });
    storeId = result.ok ? result.value.id : "";
    const [row] = await database.db.select().from(stores).where(eq(stores.id, storeId));
    expect(row!.qrCodeData).toMatch(/^data:image\/png;base64,/);
    expect(row!.address).toMatchObject({ city: "Jaipur", country: "India" });
    expect((row!.businessHours as Record<string, unknown>).sunday).toEqual({
      open: "10:00",
      close: "16:00",
      closed: false,
    });
    const download = await storeQrDownload(database.db, actor(seller), storeId, PUBLIC_URL);
    expect(download!.fileName).toBe("jaipur_blue_pottery___co_-qr-code.png");
    // tagged as a scan, which the store's analytics count and then drop from the address (issue #23.3)
    expect(await decodeQr(download!.png)).toBe(`${PUBLIC_URL}/stores/${storeId}?src=qr`);
    expect(await storeQrDownload(database.db, actor(rival), storeId, PUBLIC_URL)).toBeNull();
    // listing the stores leaves a current code alone
    const [listed] = await listOwnStores(database.db, actor(seller), PUBLIC_URL);
    expect(listed!.qrCodeData).toBe(row!.qrCodeData);
    const [after] = await database.db.select().from(stores).where(eq(stores.id, storeId));
    expect(after!.updatedAt).toEqual(row!.updatedAt);
  });

  it("shows a QR code stored before scans were tagged (or under another address) made again, and the refresh job saves it; listing writes nothing", async () => {
    const fromDataUrl = (data: string | null | undefined) =>
      decodeQr(Buffer.from((data ?? "").replace(/^data:image\/png;base64,/, ""), "base64"));
    const owner = await createSeller(database.db);
    const made = await postCreateStore(database.db, actor(owner), form({ name: "Old QR Store" }), PUBLIC_URL);
    const id = made.ok ? made.value.id : "";
    // as stored before issue #23.3: the bare store address, and no record of what the image encodes
    const legacy = await qrDataUrl(`${PUBLIC_URL}/stores/${id}`);
    await database.db.update(stores).set({ qrCodeData: legacy, qrCodeUrl: null }).where(eq(stores.id, id));

    const [before] = await database.db.select().from(stores).where(eq(stores.id, id));
    const [listed] = await listOwnStores(database.db, actor(owner), PUBLIC_URL);
    expect(await fromDataUrl(listed!.qrCodeData)).toBe(`${PUBLIC_URL}/stores/${id}?src=qr`);
    // a GET never writes: the stored row is as it was
    expect(await database.db.select().from(stores).where(eq(stores.id, id))).toEqual([before]);

    // the job an instance queues as it starts saves it (this store's, and any other stale one's)
    expect(await refreshStoreQrCodes(database.db, PUBLIC_URL, 1)).toBeGreaterThanOrEqual(1);
    const [row] = await database.db.select().from(stores).where(eq(stores.id, id));
    expect(row).toMatchObject({ qrCodeData: listed!.qrCodeData, qrCodeUrl: `${PUBLIC_URL}/stores/${id}?src=qr` });
    // nothing left to make: a second pass makes none
    expect(await refreshStoreQrCodes(database.db, PUBLIC_URL)).toBe(0);

    // the site moved: the shown code follows its public address, and the next start's job saves it
    const [moved] = await listOwnStores(database.db, actor(owner), "https://setu.example.in/");
    expect(await fromDataUrl(moved!.qrCodeData)).toBe(`https://setu.example.in/stores/${id}?src=qr`);
    expect(await refreshStoreQrCodes(database.db, "https://setu.example.in/")).toBeGreaterThanOrEqual(1);
    const [movedRow] = await database.db.select().from(stores).where(eq(stores.id, id));
    expect(await fromDataUrl(movedRow!.qrCodeData)).toBe(`https://setu.example.in/stores/${id}?src=qr`);
    expect(movedRow!.qrCodeUrl).toBe(`https://setu.example.in/stores/${id}?src=qr`);
    // a store without a QR code keeps none
    await database.db.update(stores).set({ qrCodeData: null, qrCodeUrl: null }).where(eq(stores.id, id));
    expect(await listOwnStores(database.db, actor(owner), PUBLIC_URL)).toMatchObject([
      { qrCodeData: null, hasQr: false },
    ]);
  });

  it("gives a new store tabs for what it sells, and an About page with year founded, certifications and output", async () => {
    const result = await postCreateStore(
      database.db,
      actor(seller),
      form({
        name: "Karur Home Textiles",
        categories: ["home-textiles", "spices-and-food"],
        yearFounded: "1998",
        certifications: "GOTS, OEKO-TEX Standard 100, GOTS",
        productionCapacity: "40,000 towels",
      }),
      PUBLIC_URL,
    );
    expect(result.ok).toBe(true);
    const id = result.ok ? result.value.id : "";
    const page = await getPublicStore(database.db, id, null, { tab: "about-us" });
    expect(page!.store.categoryTabs.map((t) => t.slug)).toEqual([
      "home",
      "about-us",
      "home-textiles",
      "spices-and-food",
    ]);
    // each named by the tree's label
    expect(page!.store.categoryTabs.slice(2).map((t) => t.name)).toEqual(["Home Textiles", "Spices & Food"]);
    expect(page!.store).toMatchObject({
      yearFounded: 1998,
      certifications: ["GOTS", "OEKO-TEX Standard 100"],
      productionCapacity: "40,000 towels",
    });
    const bads: Record<string, string>[] = [
      { yearFounded: "98" },
      { yearFounded: "2999" },
      { certifications: "x".repeat(61) },
    ];
    for (const bad of bads) {
      expect(
        await postCreateStore(database.db, actor(seller), form({ name: "Bad About", ...bad }), PUBLIC_URL),
      ).toMatchObject({ ok: false, status: 400 });
    }
  });

  it("recommends other sellers' products in the store's categories, never the store's own", async () => {
    const own = await createProduct(database.db, {
      sellerId: seller.user.id,
      name: "Own blue pottery vase",
      category: "home-textiles",
    });
    const other = await createProduct(database.db, {
      sellerId: rival.user.id,
      name: "Rival cushion covers",
      category: "home-textiles",
    });
    const elsewhere = await createProduct(database.db, {
      sellerId: rival.user.id,
      name: "Rival brake pads",
      category: "auto-components",
    });
    const result = await postCreateStore(
      database.db,
      actor(seller),
      form({ name: "Recommending store", categories: ["home-textiles"] }),
      PUBLIC_URL,
    );
    const id = result.ok ? result.value.id : "";
    await addProductsToStore(database.db, actor(seller), id, [own.id]);
    const page = await getPublicStore(database.db, id, null);
    const ids = page!.recommended.map((p) => p.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(own.id);
    expect(ids).not.toContain(elsewhere.id);
  });

  it("refuses non-sellers and bad details on the server", async () => {
    expect(await postCreateStore(database.db, actor(buyer), form({ name: "Buyer store" }), PUBLIC_URL)).toMatchObject({
      ok: false,
      status: 403,
    });
    const bad: Record<string, string | string[]>[] = [
      { name: "" },
      { name: "X", email: "not-an-email" },
      { name: "X", website: "javascript:alert(1)" },
      { name: "X", website: "ftp://files.example" },
      { name: "X", phone: "call me maybe" },
      { name: "X", categories: ["Toys"] },
    ];
    for (const values of bad)
      expect((await postCreateStore(database.db, actor(seller), form(values), PUBLIC_URL)).ok).toBe(false);
    expect(qrFileName("Ünïcode Store!")).toBe("_n_code_store_-qr-code.png");
  });

  it("lets only the owner manage: add own products after the last, feature, set tabs, remove", async () => {
    const mine = await createProduct(database.db, { sellerId: seller.user.id, name: "Blue pottery vase" });
    const mine2 = await createProduct(database.db, { sellerId: seller.user.id, name: "Pottery knobs" });
    const theirs = await createProduct(database.db, { sellerId: rival.user.id });
    expect(await getManagedStore(database.db, actor(rival), storeId)).toBeNull();
    expect(await addProductsToStore(database.db, actor(seller), storeId, [theirs.id])).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await addProductsToStore(database.db, actor(rival), storeId, [theirs.id])).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await addProductsToStore(database.db, actor(seller), storeId, [mine.id])).toMatchObject({ ok: true });
    expect(await addProductsToStore(database.db, actor(seller), storeId, [mine2.id])).toMatchObject({
      ok: true,
      message: "Products added to store successfully!",
    });
    const managed = await getManagedStore(database.db, actor(seller), storeId);
    expect(managed!.products.map((p) => [p.name, p.displayOrder, p.featured, p.categoryTab])).toEqual([
      ["Blue pottery vase", 0, false, "all"],
      ["Pottery knobs", 1, false, "all"],
    ]);
    const link = managed!.products[0]!.linkId;
    expect(await toggleFeatured(database.db, actor(rival), link)).toMatchObject({ ok: false, status: 404 });
    expect(await toggleFeatured(database.db, actor(seller), link)).toMatchObject({
      ok: true,
      message: "Product featured",
    });
    expect(await toggleFeatured(database.db, actor(seller), link)).toMatchObject({
      ok: true,
      message: "Product unfeatured",
    });
    expect(await setProductTab(database.db, actor(seller), link, "nope")).toMatchObject({ ok: false });
    expect(await setProductTab(database.db, actor(seller), link, "about-us")).toMatchObject({
      ok: true,
      message: "Product tab updated",
    });
    const tabbed = await getPublicStore(database.db, storeId, null, { tab: "about-us" });
    expect(tabbed!.products.map((p) => p.name)).toEqual(["Blue pottery vase"]);
    const searched = await getPublicStore(database.db, storeId, null, { q: "KNOB" });
    expect(searched!.products.map((p) => p.name)).toEqual(["Pottery knobs"]);
    expect(await removeStoreProduct(database.db, actor(seller), managed!.products[1]!.linkId)).toMatchObject({
      ok: true,
      message: "Product removed from store",
    });
    const links = await database.db.select().from(storeProducts).where(eq(storeProducts.storeId, storeId));
    expect(links).toHaveLength(1);
  });

  it("counts real followers: follow and unfollow", async () => {
    expect((await getPublicStore(database.db, storeId, actor(buyer)))!.followers).toBe(0);
    expect(await toggleFollow(database.db, actor(buyer), storeId)).toMatchObject({
      ok: true,
      value: { following: true },
    });
    const page = await getPublicStore(database.db, storeId, actor(buyer));
    expect(page).toMatchObject({ followers: 1, following: true });
    expect(await toggleFollow(database.db, actor(buyer), storeId)).toMatchObject({
      ok: true,
      value: { following: false },
    });
    expect((await getPublicStore(database.db, storeId, null))!.followers).toBe(0);
    // its seller does not follow its own store (#41 item 6): the page offers Manage instead, the command refuses
    expect(await toggleFollow(database.db, actor(seller), storeId)).toMatchObject({ ok: false, status: 403 });
    expect((await getPublicStore(database.db, storeId, null))!.followers).toBe(0);
  });

  it("saves a valid design for the owner only, and refuses unsafe or malformed designs", async () => {
    const section = newSection("banner-section", 0, 1) as ReturnType<typeof newSection> & { banners: unknown[] };
    const design = {
      name: "Jaipur Blue Pottery",
      tagline: "Hand-painted since 1962",
      description: "",
      primary_color: "#1e3a8a",
      hero_banner: "",
      logo_url: "",
      banner_url: "",
      sections: [{ ...section, banners: [{ ...newBanner(section.id, 2), cta_link: "/browse" }] }],
      category_tabs: [{ id: "home", name: "Home", slug: "home", order: 0, isHomepage: true }],
    };
    expect(await postStoreDesign(database.db, actor(rival), storeId, JSON.stringify(design))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await postStoreDesign(database.db, actor(seller), storeId, JSON.stringify(design))).toMatchObject({
      ok: true,
      message: "Store saved successfully!",
    });
    const unsafe = structuredClone(design);
    (unsafe.sections[0]!.banners[0] as { cta_link: string }).cta_link = "javascript:alert(document.cookie)";
    const refused = await postStoreDesign(database.db, actor(seller), storeId, JSON.stringify(unsafe));
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok ? "" : refused.message).toMatch(/^Failed to save store: /);
    expect(
      await postStoreDesign(database.db, actor(seller), storeId, JSON.stringify({ ...design, primary_color: "red" })),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: "Failed to save store: Colours must be hex values like #3b82f6 (primary_color)",
    });
    expect(
      (
        await postStoreDesign(
          database.db,
          actor(seller),
          storeId,
          JSON.stringify({ ...design, sections: Array(31).fill(section) }),
        )
      ).ok,
    ).toBe(false);
    expect(await postStoreDesign(database.db, actor(seller), storeId, "{")).toMatchObject({
      ok: false,
      status: 400,
      message: "Failed to save store: the design could not be read",
    });
    const saved = await getPublicStore(database.db, storeId, null);
    expect(saved!.store.tagline).toBe("Hand-painted since 1962");
    expect(saved!.store.sections).toHaveLength(1);
  });

  it("refuses overlapping banners and duplicate section or banner ids, with a clear reason, and changes nothing", async () => {
    const before = (await getManagedStore(database.db, actor(seller), storeId))!.store.sections;
    const section = newSection("banner-section", 0, 10) as Extract<
      ReturnType<typeof newSection>,
      { type: "banner-section" }
    >;
    const a = { ...newBanner(section.id, 11), title: "Diwali sale" };
    const b = { ...newBanner(section.id, 12), title: "New arrivals", x: 300, y: 200 };
    const base = { name: "Jaipur Blue Pottery", tagline: "Hand-painted since 1962", primary_color: "#1e3a8a" };
    const attempts: [unknown[], RegExp][] = [
      [[{ ...section, banners: [a, b] }], /^Failed to save store: Banners "Diwali sale" and "New arrivals" overlap/],
      [
        [{ ...section, banners: [a, { ...b, x: 400, y: 50, id: a.id }] }],
        /^Failed to save store: Two banners share the id/,
      ],
      [
        [
          { ...section, banners: [a] },
          { ...section, order: 1, banners: [{ ...b, x: 400, y: 50 }] },
        ],
        /^Failed to save store: Two sections share the id/,
      ],
      [
        [section, { ...newSection("product-section", 1, 13), id: section.id }],
        /^Failed to save store: Two sections share the id/,
      ],
      [
        [{ ...section, banners: [{ ...a, x: 1200 }] }],
        /^Failed to save store: Banner "Diwali sale" lies outside its section's canvas/,
      ],
    ];
    for (const [sections, reason] of attempts) {
      const result = await postStoreDesign(database.db, actor(seller), storeId, JSON.stringify({ ...base, sections }));
      expect(result).toMatchObject({ ok: false, status: 400 });
      expect(result.ok ? "" : result.message).toMatch(reason);
    }
    expect((await getManagedStore(database.db, actor(seller), storeId))!.store.sections).toEqual(before);
    // touching edges is not overlapping
    const touching = [{ ...section, banners: [a, { ...b, x: 350, y: 50 }] }];
    expect(
      await postStoreDesign(database.db, actor(seller), storeId, JSON.stringify({ ...base, sections: touching })),
    ).toMatchObject({ ok: true });
  });

  it("never writes category tabs or the description from the editor's copy: Settings owns them", async () => {
    const tabs = [
      { id: "t1", name: "Vases", slug: "vases", order: 0 },
      { id: "t2", name: "Tiles", slug: "tiles", order: 1 },
    ];
    expect(await postCategoryTabs(database.db, actor(seller), storeId, JSON.stringify(tabs))).toMatchObject({
      ok: true,
    });
    const link = (await getManagedStore(database.db, actor(seller), storeId))!.products[0]!.linkId;
    expect(await setProductTab(database.db, actor(seller), link, "tiles")).toMatchObject({ ok: true });
    expect(
      await postStoreSettings(
        database.db,
        actor(seller),
        storeId,
        form({ name: "Jaipur Blue Pottery", description: "Kiln-fired in Jaipur" }),
      ),
    ).toMatchObject({ ok: true });
    // an editor opened before those changes saves its (older) copy, tabs and description included
    const stale = {
      name: "Jaipur Blue Pottery",
      tagline: "Now with tiles",
      description: "",
      primary_color: "#1e3a8a",
      sections: [],
      category_tabs: [
        { id: "home", name: "Home", slug: "home", order: 0, isHomepage: true },
        { id: "dup", name: "Dup", slug: "home", order: 1 },
      ],
    };
    expect(await postStoreDesign(database.db, actor(seller), storeId, JSON.stringify(stale))).toMatchObject({
      ok: true,
      message: "Store saved successfully!",
    });
    const managed = (await getManagedStore(database.db, actor(seller), storeId))!;
    expect(managed.store.tagline).toBe("Now with tiles");
    expect(managed.store.categoryTabs).toEqual(tabs);
    expect(managed.store.description).toBe("Kiln-fired in Jaipur");
    expect(managed.products.find((p) => p.linkId === link)!.categoryTab).toBe("tiles");
  });

  it("saves settings and tabs; a hidden store is not public", async () => {
    expect(
      await postCategoryTabs(
        database.db,
        actor(seller),
        storeId,
        JSON.stringify([{ id: "t1", name: "Vases", slug: "vases", order: 0 }]),
      ),
    ).toMatchObject({ ok: true });
    const managed = await getManagedStore(database.db, actor(seller), storeId);
    expect(managed!.store.categoryTabs).toEqual([{ id: "t1", name: "Vases", slug: "vases", order: 0 }]);
    expect(managed!.products.every((p) => p.categoryTab === "all")).toBe(true);
    const tabs = (...list: { slug: string; name?: string }[]) =>
      postCategoryTabs(
        database.db,
        actor(seller),
        storeId,
        JSON.stringify(list.map((t, i) => ({ id: `t${i}`, name: t.name ?? t.slug, slug: t.slug, order: i }))),
      );
    for (const refused of [await tabs({ slug: "a" }, { slug: "a" }), await tabs({ slug: "all" })])
      expect(refused).toMatchObject({
        ok: false,
        status: 400,
        message: "Failed to save tabs: every tab needs its own slug",
      });
    expect(await tabs({ slug: "b", name: " " })).toMatchObject({
      status: 400,
      message: "Failed to save tabs: Tab names cannot be empty",
    });
    expect(await postCategoryTabs(database.db, actor(seller), storeId, "[")).toMatchObject({
      status: 400,
      message: "Failed to save tabs: invalid data",
    });
    expect(
      await postStoreSettings(
        database.db,
        actor(seller),
        storeId,
        form({ name: "Jaipur Blue Pottery", status: "hidden" }),
      ),
    ).toMatchObject({ ok: true });
    expect(await getPublicStore(database.db, storeId, null)).toBeNull();
    expect(await getPublicStore(database.db, storeId, actor(seller))).not.toBeNull();
    expect(await postStoreSettings(database.db, actor(rival), storeId, form({ name: "Hijacked" }))).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
