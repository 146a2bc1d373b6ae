import { EDITOR } from "./constants";

/** A banner's box on its section's canvas, in px on the editor's 1400 px-wide canvas. */
export type Box = { id: string; x: number; y: number; width: number; height: number };
export type Canvas = { width: number; height: number };
export type Handle = "n" | "s" | "e" | "w" | "ne" | "nw" | "se" | "sw";

export const HANDLES: Handle[] = ["nw", "n", "ne", "e", "se", "s", "sw", "w"];

export function snap(value: number, grid: number = EDITOR.grid): number {
  return Math.round(value / grid) * grid;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function insideCanvas(box: Box, canvas: Canvas): boolean {
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= canvas.width && box.y + box.height <= canvas.height;
}

/** Spec §4: under 5 px of movement is a click (opens the dialog), not a drag. */
export function isClick(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) < EDITOR.dragThreshold;
}

function collides<T extends Box>(boxes: T[], candidate: Box): boolean {
  return boxes.some((b) => b.id !== candidate.id && overlaps(b, candidate));
}

function replace<T extends Box>(boxes: T[], id: string, next: Box): T[] {
  return boxes.map((b) => (b.id === id ? { ...b, x: next.x, y: next.y, width: next.width, height: next.height } : b));
}

/** Moves a banner by (dx, dy), snapped to the grid and clamped to the canvas; refused (unchanged) on overlap. */
export function moveBanner<T extends Box>(boxes: T[], id: string, dx: number, dy: number, canvas: Canvas): T[] {
  const box = boxes.find((b) => b.id === id);
  if (!box) return boxes;
  const x = Math.min(Math.max(0, snap(box.x + dx)), Math.max(0, canvas.width - box.width));
  const y = Math.min(Math.max(0, snap(box.y + dy)), Math.max(0, canvas.height - box.height));
  const next = { ...box, x, y };
  if (!insideCanvas(next, canvas) || collides(boxes, next)) return boxes;
  return replace(boxes, id, next);
}

/** Resizes a banner from one of its 8 handles; at least 100×100, inside the canvas, refused (unchanged) on overlap. */
export function resizeBanner<T extends Box>(
  boxes: T[],
  id: string,
  handle: Handle,
  dx: number,
  dy: number,
  canvas: Canvas,
): T[] {
  const box = boxes.find((b) => b.id === id);
  if (!box) return boxes;
  const { width: minW, height: minH } = EDITOR.minBanner;
  let left = box.x;
  let top = box.y;
  let right = box.x + box.width;
  let bottom = box.y + box.height;
  if (handle.includes("w")) left = Math.min(Math.max(0, snap(left + dx)), right - minW);
  if (handle.includes("e")) right = Math.max(Math.min(canvas.width, snap(right + dx)), left + minW);
  if (handle.includes("n")) top = Math.min(Math.max(0, snap(top + dy)), bottom - minH);
  if (handle.includes("s")) bottom = Math.max(Math.min(canvas.height, snap(bottom + dy)), top + minH);
  const next = { id, x: left, y: top, width: right - left, height: bottom - top };
  if (next.width < minW || next.height < minH || !insideCanvas(next, canvas) || collides(boxes, next)) return boxes;
  return replace(boxes, id, next);
}

/** Keyboard editing: arrows move one grid step; Shift+arrows resize (right/down grow, left/up shrink). */
export function nudge<T extends Box>(boxes: T[], id: string, key: string, shift: boolean, canvas: Canvas): T[] {
  const step = EDITOR.grid;
  const delta: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const d = delta[key];
  if (!d) return boxes;
  if (!shift) return moveBanner(boxes, id, d[0], d[1], canvas);
  return resizeBanner(boxes, id, d[0] !== 0 ? "e" : "s", d[0], d[1], canvas);
}

/** Spec §5: an uploaded banner image is sized to the editor width, its height from the aspect ratio within 150-500. */
export function autoSizeImage(
  naturalWidth: number,
  naturalHeight: number,
  editorWidth: number = EDITOR.autoWidth,
): { width: number; height: number } {
  const ratio = naturalWidth > 0 && naturalHeight > 0 ? naturalHeight / naturalWidth : 0.25;
  const height = Math.round(Math.min(EDITOR.autoHeight.max, Math.max(EDITOR.autoHeight.min, editorWidth * ratio)));
  return { width: Math.round(editorWidth), height };
}

/** Applies an auto-size to a banner if it fits at its place (or at the left edge); otherwise refuses. */
export function fitBanner<T extends Box>(
  boxes: T[],
  id: string,
  size: { width: number; height: number },
  canvas: Canvas,
): T[] {
  const box = boxes.find((b) => b.id === id);
  if (!box) return boxes;
  const width = Math.min(size.width, canvas.width);
  const height = Math.min(size.height, canvas.height);
  for (const x of [box.x, 0]) {
    const candidate = {
      id,
      x: Math.min(x, canvas.width - width),
      y: Math.min(box.y, canvas.height - height),
      width,
      height,
    };
    if (insideCanvas(candidate, canvas) && !collides(boxes, candidate)) return replace(boxes, id, candidate);
  }
  return boxes;
}

/** Where a new default 300×200 banner goes: (50, 50) if free, else the first free grid position, else null. */
export function placeNewBanner(boxes: Box[], canvas: Canvas): { x: number; y: number } | null {
  const { width, height, x: x0, y: y0 } = EDITOR.defaultBanner;
  const fits = (x: number, y: number) => {
    const candidate = { id: "__new__", x, y, width, height };
    return insideCanvas(candidate, canvas) && !collides(boxes, candidate);
  };
  if (fits(x0, y0)) return { x: x0, y: y0 };
  for (let y = 0; y + height <= canvas.height; y += EDITOR.grid) {
    for (let x = 0; x + width <= canvas.width; x += EDITOR.grid) if (fits(x, y)) return { x, y };
  }
  return null;
}
