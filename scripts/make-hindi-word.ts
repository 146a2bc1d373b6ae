// Makes app/components/layout/hindi-word.svg (committed): the word "हिन्दी" drawn as a path in Noto Sans Devanagari
// Medium, shaped by fontkit (the pre-base vowel sign and the conjunct placed as a browser would). The header's
// language switch shows it on English pages, so that those pages never fetch the Devanagari web font (54 KB) for one
// word: a font the page's first paint waited for on a phone. Run again after changing the font or the weight:
//   npx tsx scripts/make-hindi-word.ts
import fs from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";

const FONT = "node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-500-normal.woff2";
const font = fontkit.openSync(path.resolve(import.meta.dirname, "..", FONT)) as fontkit.Font;
const run = font.layout("हिन्दी");
let x = 0;
const paths: string[] = [];
for (const [i, glyph] of run.glyphs.entries()) {
  const at = run.positions[i]!;
  paths.push(glyph.path.translate(x + at.xOffset, at.yOffset).toSVG());
  x += at.xAdvance;
}
// font units, y up: flipped so the box runs from the font's ascent (top) to its descent (bottom), the baseline at 0
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 ${-font.ascent} ${x} ${font.ascent - font.descent}"><path transform="scale(1 -1)" d="${paths.join("")}"/></svg>\n`;
fs.writeFileSync(path.resolve(import.meta.dirname, "../app/components/layout/hindi-word.svg"), svg);
console.log(`hindi-word.svg: ${x} × ${font.ascent - font.descent} units of ${font.unitsPerEm}, ascent ${font.ascent}`);
