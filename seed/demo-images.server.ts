import {
  Atom,
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
import sharp from "sharp";
import type { ProductCategory } from "~/lib/categories";
import { CARD_WIDTH, storeImage } from "~/modules/uploads/images.server";
import type { BlobStorage } from "~/modules/uploads/storage.server";

/** The demo catalogue's pictures: an illustration of each product's subcategory, in its supplier's colour. */
const SUBCATEGORY_ICONS: Record<string, LucideIcon> = {
  Apparel: Shirt,
  Bags: ShoppingBag,
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
};

const CATEGORY_ICONS: Record<ProductCategory, LucideIcon> = {
  textiles: Shirt,
  automotive: Car,
  chemicals: FlaskConical,
  machinery: Cog,
  electronics: Cpu,
  food: Wheat,
};

const WIDTH = 640;
const HEIGHT = 480;
const ICON_SIZE = 224;

export type DemoPicture = { category: ProductCategory; subcategory: string; color: string };

/** The picture as SVG: a gradient of the supplier's colour, soft circles placed by `seed`, and the subcategory's icon. */
export function demoPictureSvg(picture: DemoPicture, seed: number): string {
  const Icon = SUBCATEGORY_ICONS[picture.subcategory] ?? CATEGORY_ICONS[picture.category];
  const icon = renderToStaticMarkup(
    createElement(Icon, { size: ICON_SIZE, color: "#ffffff", strokeWidth: 1.1, x: (WIDTH - ICON_SIZE) / 2, y: (HEIGHT - ICON_SIZE) / 2 }),
  );
  // a few fixed-but-varied circles, so that two pictures of one subcategory still differ
  const circles = [0, 1, 2]
    .map((i) => {
      const r = 96 + ((seed * 37 + i * 53) % 112);
      const cx = (seed * 131 + i * 277) % WIDTH;
      const cy = (seed * 71 + i * 191) % HEIGHT;
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${0.06 + i * 0.03}"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${picture.color}" stop-opacity="0.75"/><stop offset="1" stop-color="${picture.color}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#0f172a"/><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${circles}${icon}</svg>`;
}

export type RenderedPicture = { full: Buffer; card: Buffer };

/**
 * Renders each picture, full size and card size, as WebP. Our own SVG is rasterized straight to WebP (no
 * untrusted bytes to re-encode), each size from the vector picture, at the lowest encoder effort: the demo
 * data is loaded at a new server's first start. sharp works off the main thread, so the caller can insert
 * rows meanwhile.
 */
export function renderDemoPictures(pictures: DemoPicture[]): Promise<RenderedPicture[]> {
  return Promise.all(
    pictures.map(async (picture, index) => {
      const svg = Buffer.from(demoPictureSvg(picture, index + 1));
      const [full, card] = await Promise.all([
        sharp(svg).webp({ quality: 80, effort: 0 }).toBuffer(),
        sharp(svg, { density: (72 * CARD_WIDTH) / WIDTH }).webp({ quality: 78, effort: 0 }).toBuffer(),
      ]);
      return { full, card };
    }),
  );
}

/** Stores rendered pictures as product images of their sellers, as uploads are stored. Returns the images' URLs. */
export async function storeDemoPictures(storage: BlobStorage, pictures: Array<RenderedPicture & { sellerId: string }>): Promise<string[]> {
  const stamp = Date.now();
  const stored = await Promise.all(pictures.map((picture, index) => storeImage(storage, picture.sellerId, "product", `${stamp}${String(index).padStart(3, "0")}`, picture)));
  return stored.map((image) => image.url);
}
