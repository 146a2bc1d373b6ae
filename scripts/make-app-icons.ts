// Makes the installed app's icons (public/icons/*.png, committed) from the brand mark of public/favicon.svg.
// Run again after the mark changes: npx tsx scripts/make-app-icons.ts
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const BRAND = "#2563eb";
// the mark of favicon.svg (a bridge: setu), drawn on a 32 × 32 grid
const MARK = `<path d="M6 20c4-7 16-7 20 0" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M9 20v5M23 20v5M16 14v11" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>`;

/** The favicon's rounded square: for launchers that show an icon as it is ("any"). */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${BRAND}"/>${MARK}</svg>`;
/**
 * Full bleed with the mark inside the middle 60 %: launchers that cut their own shape ("maskable", whose safe zone is
 * the middle 80 % circle) and iOS's home screen.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.62) translate(-16 -19.5)">${MARK}</g></svg>`;

const out = path.resolve(import.meta.dirname, "../public/icons");
fs.mkdirSync(out, { recursive: true });
const icons: [string, string, number][] = [
  ["icon-192.png", rounded, 192],
  ["icon-512.png", rounded, 512],
  ["maskable-512.png", fullBleed, 512],
  ["apple-touch-icon.png", fullBleed, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
}
console.log(`wrote ${icons.length} icons to ${out}`);
