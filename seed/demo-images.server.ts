import {
  Armchair,
  Atom,
  Briefcase,
  Diamond,
  Flame,
  Flower2,
  Footprints,
  Gem,
  Hammer,
  Lamp,
  Leaf,
  NotebookPen,
  Package,
  Pill,
  ScrollText,
  Sofa,
  Sparkles,
  Battery,
  BedDouble,
  Cctv,
  CircuitBoard,
  Coffee,
  Cog,
  Cpu,
  Disc3,
  Droplets,
  Factory,
  Fan,
  FlaskConical,
  Forklift,
  Gauge,
  HeartPulse,
  Headphones,
  Layers,
  Lightbulb,
  Nut,
  Palette,
  PawPrint,
  Pipette,
  Plug,
  ShieldCheck,
  Shirt,
  ShoppingBag,
  Snowflake,
  Sprout,
  Sun,
  TestTubes,
  TreePalm,
  Car,
  Cookie,
  Wheat,
  Wifi,
  Filter,
  Cylinder,
  Drill,
  Spool,
  Container,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { ProductCategory } from "~/lib/categories";
import { CARD_WIDTH, storeImage } from "~/modules/uploads/images.server";
import type { BlobStorage } from "~/modules/uploads/storage.server";

/** The demo catalogue's pictures: an illustration of each product's subcategory, in its supplier's colour. */
const SUBCATEGORY_ICONS: Record<string, LucideIcon> = {
  Apparel: Shirt,
  Bags: ShoppingBag,
  "Pet Accessories": PawPrint,
  Fabrics: Layers,
  "Home Textiles": BedDouble,
  Bearings: Disc3,
  Brakes: Disc3,
  Cooling: Snowflake,
  "Engine Parts": Cylinder,
  Filters: Filter,
  Steering: Car,
  Suspension: Car,
  Transmission: Cog,
  Dyes: Palette,
  "Food Additives": TestTubes,
  "Industrial Chemicals": FlaskConical,
  Pigments: Palette,
  Polymers: Atom,
  Preservatives: ShieldCheck,
  Solvents: Droplets,
  "Specialty Chemicals": Pipette,
  "Textile Auxiliaries": Spool,
  Compressors: Gauge,
  "Food Processing Machinery": Factory,
  "Machine Tools": Drill,
  "Material Handling": Forklift,
  Motors: Fan,
  Pumps: Droplets,
  "Textile Machinery": Spool,
  Audio: Headphones,
  Batteries: Battery,
  Chargers: Plug,
  Components: Cpu,
  "IoT Devices": Wifi,
  Lighting: Lightbulb,
  "Medical Electronics": HeartPulse,
  "PCB Assembly": CircuitBoard,
  Security: Cctv,
  Solar: Sun,
  "Test & Measurement": Zap,
  "Coconut Products": TreePalm,
  "Edible Oils": Droplets,
  Nuts: Nut,
  Snacks: Cookie,
  "Spice Blends": Container,
  Spices: Sprout,
  "Tea & Coffee": Coffee,
  Planters: Flower2,
  Brass: Flame,
  Woodcraft: Hammer,
  Marble: Diamond,
  Lanterns: Lamp,
  Mirrors: Sparkles,
  Furniture: Sofa,
  Chairs: Armchair,
  Jewellery: Gem,
  Gemstones: Diamond,
  Footwear: Footprints,
  "Leather Bags": Briefcase,
  Paper: ScrollText,
  Journals: NotebookPen,
  Packaging: Package,
  Herbal: Leaf,
  Soap: Sparkles,
  "Essential Oils": Droplets,
};

const CATEGORY_ICONS: Record<ProductCategory, LucideIcon> = {
  "apparel-and-textiles": Shirt,
  "home-textiles": BedDouble,
  handicrafts: Hammer,
  "home-decor": Lamp,
  furniture: Sofa,
  jewellery: Gem,
  gems: Diamond,
  "leather-goods": Briefcase,
  "spices-and-food": Wheat,
  chemicals: FlaskConical,
  pharmaceuticals: Pill,
  "engineering-goods": Cog,
  "auto-components": Car,
  electronics: Cpu,
  "paper-and-packaging": ScrollText,
};

const WIDTH = 640;
const HEIGHT = 480;
const ICON_SIZE = 240;

/**
 * `motif`: a drawing of the product itself where there is one (a stack of towels, a bowl of a spice in its
 * colour); otherwise its subcategory's icon, drawn in the supplier's colour.
 */
export type DemoPicture = { category: ProductCategory; subcategory: string; color: string; motif?: Motif };
export type Motif =
  | { kind: "towels" | "bedding"; colors: string[] }
  | { kind: "spice"; color: string; grain: string }
  | { kind: "sack"; color: string; grain: string };

/** What the demo products whose drawing is of the product itself look like, by a word of their name. */
const MOTIFS: Array<[RegExp, Motif]> = [
  [/bath towels/i, { kind: "towels", colors: ["#f5f5f4", "#99f6e4", "#e7e5e4", "#5eead4"] }],
  [/hand towels/i, { kind: "towels", colors: ["#fafaf9", "#fafaf9", "#e2e8f0", "#fafaf9", "#e2e8f0"] }],
  [/kitchen towels/i, { kind: "towels", colors: ["#fecaca", "#f5f5f4", "#fde68a", "#f5f5f4", "#bfdbfe"] }],
  [/cushion covers/i, { kind: "bedding", colors: ["#fed7aa", "#fdba74", "#fde68a", "#fb923c"] }],
  [/bedsheet/i, { kind: "bedding", colors: ["#e0e7ff", "#f8fafc", "#c7d2fe", "#f8fafc", "#a5b4fc"] }],
  [/black pepper/i, { kind: "spice", color: "#44403c", grain: "#1c1917" }],
  [/cardamom/i, { kind: "spice", color: "#84cc16", grain: "#4d7c0f" }],
  [/ginger/i, { kind: "spice", color: "#d6b98c", grain: "#a47c48" }],
  [/turmeric/i, { kind: "spice", color: "#eab308", grain: "#ca8a04" }],
  [/cloves/i, { kind: "spice", color: "#7c2d12", grain: "#431407" }],
  [/garam masala/i, { kind: "spice", color: "#9a3412", grain: "#7c2d12" }],
  [/black tea/i, { kind: "sack", color: "#44403c", grain: "#1c1917" }],
  [/arabica/i, { kind: "sack", color: "#a8a86b", grain: "#6b6b3a" }],
  [/cashew/i, { kind: "sack", color: "#f1deb5", grain: "#d9b77e" }],
  [/desiccated coconut/i, { kind: "sack", color: "#fafaf9", grain: "#e7e5e4" }],
  [/banana chips/i, { kind: "sack", color: "#fde047", grain: "#eab308" }],
];

/** A product's motif, when its name says it has one. */
export function motifFor(name: string): Motif | undefined {
  return MOTIFS.find(([pattern]) => pattern.test(name))?.[1];
}

/** A few folded textiles, stacked, each with a woven border: towels (thick) or sheets (thin, with a pillowcase on top). */
function stackSvg(kind: "towels" | "bedding", colors: string[]): string {
  const thick = kind === "towels" ? 58 : 34;
  const width = 340;
  const x = (WIDTH - width) / 2;
  let y = 372;
  const layers: string[] = [];
  colors.forEach((color, i) => {
    y -= thick;
    const dx = (i % 2 === 0 ? -1 : 1) * 6;
    layers.push(
      `<g transform="translate(${x + dx} ${y})"><rect width="${width}" height="${thick - 4}" rx="${thick / 3}" fill="${color}"/>` +
        `<rect y="${thick - 16}" width="${width}" height="5" fill="#000" fill-opacity="0.08"/>` +
        `<rect x="${width - 84}" width="26" height="${thick - 4}" fill="#fff" fill-opacity="0.35"/>` +
        `<rect x="${width - 48}" width="8" height="${thick - 4}" fill="#fff" fill-opacity="0.35"/>` +
        `<rect width="${width}" height="${thick - 4}" rx="${thick / 3}" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="2"/></g>`,
    );
  });
  if (kind === "bedding")
    layers.push(
      `<rect x="${x + 50}" y="${y - 54}" width="${width - 100}" height="52" rx="22" fill="#ffffff" stroke="#000" stroke-opacity="0.1" stroke-width="2"/>`,
    );
  return layers.join("");
}

/** A round bowl heaped with a spice: its colour, and grains of a darker shade on the heap. */
function spiceBowlSvg(color: string, grain: string, seed: number): string {
  const cx = WIDTH / 2;
  const grains = Array.from({ length: 46 }, (_, i) => {
    const a = (i * 137.5 + seed * 11) % 360;
    const r = ((i * 53 + seed * 7) % 100) / 100;
    const gx = cx + Math.cos((a * Math.PI) / 180) * 130 * r;
    const gy = 258 - Math.abs(Math.sin((a * Math.PI) / 180)) * 60 * r - (1 - r) * 40;
    return `<ellipse cx="${gx.toFixed(1)}" cy="${gy.toFixed(1)}" rx="7" ry="5.5" fill="${grain}"/>`;
  }).join("");
  return (
    `<ellipse cx="${cx}" cy="262" rx="160" ry="80" fill="${color}"/>` +
    `<path d="M ${cx - 150} 250 Q ${cx - 80} 160 ${cx} 168 Q ${cx + 80} 160 ${cx + 150} 250 Z" fill="${color}"/>${grains}` +
    `<path d="M ${cx - 178} 262 Q ${cx - 170} 392 ${cx} 396 Q ${cx + 170} 392 ${cx + 178} 262 Z" fill="#8b5a2b"/>` +
    `<path d="M ${cx - 178} 262 Q ${cx} 300 ${cx + 178} 262" fill="none" stroke="#6b3f1d" stroke-width="8"/>` +
    `<path d="M ${cx - 150} 300 Q ${cx} 340 ${cx + 150} 300" fill="none" stroke="#a9743f" stroke-width="6" stroke-opacity="0.6"/>`
  );
}

/** An open jute sack of a commodity (tea, coffee beans, nuts, coconut). */
function sackSvg(color: string, grain: string, seed: number): string {
  const cx = WIDTH / 2;
  const grains = Array.from({ length: 40 }, (_, i) => {
    const gx = cx - 120 + ((i * 61 + seed * 13) % 240);
    const gy = 150 + ((i * 29 + seed * 5) % 38);
    return `<ellipse cx="${gx}" cy="${gy}" rx="8" ry="6" fill="${grain}"/>`;
  }).join("");
  return (
    `<path d="M ${cx - 150} 170 Q ${cx - 190} 300 ${cx - 140} 396 L ${cx + 140} 396 Q ${cx + 190} 300 ${cx + 150} 170 Z" fill="#c8a26b"/>` +
    `<path d="M ${cx - 150} 170 Q ${cx - 190} 300 ${cx - 140} 396 L ${cx + 140} 396 Q ${cx + 190} 300 ${cx + 150} 170 Z" fill="none" stroke="#8d6a3a" stroke-width="4"/>` +
    Array.from(
      { length: 8 },
      (_, i) =>
        `<path d="M ${cx - 150 + i * 6} ${210 + i * 24} L ${cx + 150 - i * 6} ${210 + i * 24}" stroke="#a9834e" stroke-width="3" stroke-opacity="0.5"/>`,
    ).join("") +
    `<ellipse cx="${cx}" cy="172" rx="152" ry="34" fill="#b58d55"/><ellipse cx="${cx}" cy="170" rx="136" ry="26" fill="${color}"/>${grains}`
  );
}

/**
 * The picture as SVG, lit like a product photo: a light backdrop tinted by the supplier's colour, a soft floor
 * shadow, and the product (its motif, or its subcategory's icon in the supplier's colour). `seed` varies the
 * backdrop, so that two pictures of one subcategory still differ.
 */
export function demoPictureSvg(picture: DemoPicture, seed: number): string {
  let subject: string;
  if (picture.motif?.kind === "towels" || picture.motif?.kind === "bedding")
    subject = stackSvg(picture.motif.kind, picture.motif.colors);
  else if (picture.motif?.kind === "spice") subject = spiceBowlSvg(picture.motif.color, picture.motif.grain, seed);
  else if (picture.motif?.kind === "sack") subject = sackSvg(picture.motif.color, picture.motif.grain, seed);
  else {
    const Icon = SUBCATEGORY_ICONS[picture.subcategory] ?? CATEGORY_ICONS[picture.category];
    const x = (WIDTH - ICON_SIZE) / 2;
    const y = (HEIGHT - ICON_SIZE) / 2 - 20;
    const icon = renderToStaticMarkup(
      createElement(Icon, {
        size: ICON_SIZE,
        color: picture.color,
        fill: picture.color,
        fillOpacity: 0.14,
        strokeWidth: 1.4,
        x,
        y,
      }),
    );
    subject = `<circle cx="${WIDTH / 2}" cy="${y + ICON_SIZE / 2}" r="${ICON_SIZE * 0.68}" fill="#ffffff" fill-opacity="0.85"/>${icon}`;
  }
  const glow = 40 + ((seed * 37) % 60);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><radialGradient id="g" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="${glow / 100}" stop-color="#f1f5f9"/><stop offset="1" stop-color="${picture.color}" stop-opacity="0.35"/></radialGradient>
<radialGradient id="s"><stop offset="0" stop-color="#0f172a" stop-opacity="0.28"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#f8fafc"/><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<rect y="${HEIGHT * 0.8}" width="${WIDTH}" height="${HEIGHT * 0.2}" fill="${picture.color}" fill-opacity="0.08"/>
<ellipse cx="${WIDTH / 2}" cy="${HEIGHT * 0.84}" rx="220" ry="26" fill="url(#s)"/>${subject}</svg>`;
}

/** A store's logo mark (no lettering: the store's name is always written beside it): its main icon in a badge of its colour. */
export function demoLogoSvg(color: string, category: ProductCategory): string {
  const icon = renderToStaticMarkup(
    createElement(CATEGORY_ICONS[category], { size: 120, color: "#ffffff", strokeWidth: 1.6, x: 68, y: 68 }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" fill="#ffffff"/>
<rect x="12" y="12" width="232" height="232" rx="52" fill="${color}"/><circle cx="128" cy="128" r="92" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>${icon}</svg>`;
}

const BANNER_WIDTH = 1600;
const BANNER_HEIGHT = 400;

/** A store's hero banner: a wash of its colour with its products' icons drifting across it. */
export function demoBannerSvg(color: string, pictures: DemoPicture[]): string {
  const icons = [...new Set(pictures.map((p) => SUBCATEGORY_ICONS[p.subcategory] ?? CATEGORY_ICONS[p.category]))];
  const marks = Array.from({ length: 14 }, (_, i) => {
    const Icon = icons[i % icons.length]!;
    const size = 72 + ((i * 29) % 56);
    const x = 60 + i * 112 + ((i * 17) % 30);
    const y = 40 + ((i * 97) % (BANNER_HEIGHT - size - 60));
    return renderToStaticMarkup(
      createElement(Icon, { size, color: "#ffffff", strokeWidth: 1.2, x, y, opacity: 0.16 + ((i * 7) % 10) / 100 }),
    );
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
<rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fill="url(#b)"/><circle cx="1320" cy="80" r="260" fill="#ffffff" fill-opacity="0.06"/><circle cx="240" cy="380" r="200" fill="#ffffff" fill-opacity="0.05"/>${marks}</svg>`;
}

export type RenderedPicture = { full: Buffer; card: Buffer };

/**
 * Renders each picture, full size and card size, as WebP. Our own SVG is rasterized straight to WebP (no
 * untrusted bytes to re-encode), each size from the vector picture, at the lowest encoder effort: the demo
 * data is loaded at a new server's first start. sharp works off the main thread, so the caller can insert
 * rows meanwhile.
 */
export function renderDemoPictures(pictures: DemoPicture[], cacheDir?: string): Promise<RenderedPicture[]> {
  return Promise.all(
    pictures.map((picture, index) => {
      const svg = Buffer.from(demoPictureSvg(picture, index + 1));
      return cached(cacheDir, svg, async () => {
        const [full, card] = await Promise.all([
          sharp(svg).webp({ quality: 80, effort: 0 }).toBuffer(),
          sharp(svg, { density: (72 * CARD_WIDTH) / WIDTH })
            .webp({ quality: 78, effort: 0 })
            .toBuffer(),
        ]);
        return { full, card };
      });
    }),
  );
}

/**
 * A drawing's WebP files, from `cacheDir` when an earlier seed rendered the same SVG (they are named by its
 * hash), else rendered and kept there: rasterizing the demo's 90 drawings is most of a seed's time.
 * Without a folder, or when it cannot be read or written, the drawing is simply rendered.
 */
async function cached(
  cacheDir: string | undefined,
  svg: Buffer,
  render: () => Promise<RenderedPicture>,
): Promise<RenderedPicture> {
  if (!cacheDir) return render();
  const key = path.join(
    cacheDir,
    `${createHash("sha256").update(RENDER_VERSION).update(svg).digest("hex").slice(0, 32)}`,
  );
  try {
    const [full, card] = await Promise.all([fs.readFile(`${key}.webp`), fs.readFile(`${key}-card.webp`)]);
    return { full, card };
  } catch {
    const picture = await render();
    await fs
      .mkdir(cacheDir, { recursive: true })
      .then(() =>
        Promise.all([fs.writeFile(`${key}.webp`, picture.full), fs.writeFile(`${key}-card.webp`, picture.card)]),
      )
      .catch(() => {});
    return picture;
  }
}

/** Part of every cached drawing's name: change it when the encoding (not the drawing) changes. */
const RENDER_VERSION = "webp-1";

export type StoreArtwork = { logo: RenderedPicture; banner: RenderedPicture };

/** Renders a store's logo (256 px square, card variant 128 px) and hero banner (1600 x 400, card variant 480 wide) as WebP. */
export async function renderStoreArtwork(
  color: string,
  category: ProductCategory,
  pictures: DemoPicture[],
  cacheDir?: string,
): Promise<StoreArtwork> {
  const logoSvg = Buffer.from(demoLogoSvg(color, category));
  const bannerSvg = Buffer.from(demoBannerSvg(color, pictures));
  const [logo, banner] = await Promise.all([
    cached(cacheDir, logoSvg, async () => {
      const [full, card] = await Promise.all([
        sharp(logoSvg).webp({ quality: 85, effort: 0 }).toBuffer(),
        sharp(logoSvg, { density: 36 }).webp({ quality: 85, effort: 0 }).toBuffer(),
      ]);
      return { full, card };
    }),
    cached(cacheDir, bannerSvg, async () => {
      const [full, card] = await Promise.all([
        sharp(bannerSvg).webp({ quality: 78, effort: 0 }).toBuffer(),
        sharp(bannerSvg, { density: (72 * CARD_WIDTH) / BANNER_WIDTH })
          .webp({ quality: 78, effort: 0 })
          .toBuffer(),
      ]);
      return { full, card };
    }),
  ]);
  return { logo, banner };
}

/** Stores a store's artwork as its seller's logo and hero banner uploads. Returns their URLs. */
export async function storeStoreArtwork(
  storage: BlobStorage,
  sellerId: string,
  artwork: StoreArtwork,
): Promise<{ logoUrl: string; heroBanner: string }> {
  const stamp = String(Date.now());
  const [logo, banner] = await Promise.all([
    storeImage(storage, sellerId, "logo", stamp, artwork.logo),
    storeImage(storage, sellerId, "hero_banner", stamp, artwork.banner),
  ]);
  return { logoUrl: logo.url, heroBanner: banner.url };
}

/** Stores rendered pictures as product images of their sellers, as uploads are stored. Returns the images' URLs. */
export async function storeDemoPictures(
  storage: BlobStorage,
  pictures: Array<RenderedPicture & { sellerId: string }>,
): Promise<string[]> {
  const stamp = Date.now();
  const stored = await Promise.all(
    pictures.map((picture, index) =>
      storeImage(storage, picture.sellerId, "product", `${stamp}${String(index).padStart(3, "0")}`, picture),
    ),
  );
  return stored.map((image) => image.url);
}
