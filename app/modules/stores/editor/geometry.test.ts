import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  autoSizeImage,
  HANDLES,
  insideCanvas,
  isClick,
  moveBanner,
  nudge,
  overlaps,
  placeNewBanner,
  resizeBanner,
  type Box,
} from "./geometry";

const canvas = { width: 1400, height: 600 };
const a: Box = { id: "a", x: 40, y: 40, width: 300, height: 200 };
const b: Box = { id: "b", x: 400, y: 40, width: 300, height: 200 };

describe("banner geometry", () => {
  it("snaps moves to the 20 px grid and clamps them to the canvas", () => {
    expect(moveBanner([a], "a", 13, 27, canvas)[0]).toMatchObject({ x: 60, y: 60 });
    expect(moveBanner([a], "a", 5000, 5000, canvas)[0]).toMatchObject({ x: 1100, y: 400 });
    expect(moveBanner([a], "a", -500, -500, canvas)[0]).toMatchObject({ x: 0, y: 0 });
  });

  it("refuses a move that would overlap another banner: the banner stays where it was", () => {
    const boxes = [a, b];
    expect(moveBanner(boxes, "a", 200, 0, canvas)).toBe(boxes);
  });

  it("resizes from each of the 8 handles, never below 100×100, refusing overlaps", () => {
    expect(resizeBanner([a], "a", "se", 100, 100, canvas)[0]).toMatchObject({ width: 400, height: 300 });
    expect(resizeBanner([a], "a", "nw", 20, 20, canvas)[0]).toMatchObject({ x: 60, y: 60, width: 280, height: 180 });
    expect(resizeBanner([a], "a", "w", 1000, 0, canvas)[0]).toMatchObject({ width: 100 });
    expect(resizeBanner([a], "a", "n", 0, 1000, canvas)[0]).toMatchObject({ height: 100 });
    const boxes = [a, b];
    expect(resizeBanner(boxes, "a", "e", 200, 0, canvas)).toBe(boxes);
    expect(resizeBanner([a], "a", "s", 0, 5000, canvas)[0]).toMatchObject({ height: 560 });
  });

  it("treats movements under 5 px as clicks", () => {
    expect(isClick(3, 3)).toBe(true);
    expect(isClick(4, 4)).toBe(false);
  });

  it("moves with the arrow keys and resizes with Shift+arrows, one grid step at a time", () => {
    expect(nudge([a], "a", "ArrowRight", false, canvas)[0]).toMatchObject({ x: 60, y: 40, width: 300 });
    expect(nudge([a], "a", "ArrowDown", true, canvas)[0]).toMatchObject({ x: 40, height: 220 });
    expect(nudge([a], "a", "ArrowLeft", true, canvas)[0]).toMatchObject({ width: 280 });
  });

  it("auto-sizes uploaded banner images to the editor width with height 150-500", () => {
    expect(autoSizeImage(2800, 800)).toEqual({ width: 1400, height: 400 });
    expect(autoSizeImage(4000, 200)).toEqual({ width: 1400, height: 150 });
    expect(autoSizeImage(1000, 1000)).toEqual({ width: 1400, height: 500 });
  });

  it("places a new default banner at (50,50) or the first free spot", () => {
    expect(placeNewBanner([], canvas)).toEqual({ x: 50, y: 50 });
    expect(placeNewBanner([a], canvas)).toEqual({ x: 340, y: 0 });
    expect(placeNewBanner([{ id: "full", x: 0, y: 0, width: 1400, height: 600 }], canvas)).toBeNull();
  });

  it("never leaves banners overlapping, outside the canvas or below the minimum, whatever the edits", () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("move" as const),
        i: fc.nat(4),
        dx: fc.integer({ min: -900, max: 900 }),
        dy: fc.integer({ min: -700, max: 700 }),
      }),
      fc.record({
        kind: fc.constant("resize" as const),
        i: fc.nat(4),
        h: fc.constantFrom(...HANDLES),
        dx: fc.integer({ min: -900, max: 900 }),
        dy: fc.integer({ min: -700, max: 700 }),
      }),
      fc.record({
        kind: fc.constant("nudge" as const),
        i: fc.nat(4),
        key: fc.constantFrom("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"),
        shift: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 1200 }), fc.array(op, { maxLength: 60 }), (height, ops) => {
        const c = { width: 1400, height };
        let boxes: Box[] = [];
        for (let i = 0; i < 5; i++) {
          const spot = placeNewBanner(boxes, c);
          if (spot) boxes = [...boxes, { id: `b${i}`, ...spot, width: 300, height: 200 }];
        }
        for (const o of ops) {
          const target = boxes[o.i % Math.max(1, boxes.length)];
          if (!target) break;
          boxes =
            o.kind === "move"
              ? moveBanner(boxes, target.id, o.dx, o.dy, c)
              : o.kind === "resize"
                ? resizeBanner(boxes, target.id, o.h, o.dx, o.dy, c)
                : nudge(boxes, target.id, o.key, o.shift, c);
          for (const box of boxes) {
            expect(insideCanvas(box, c)).toBe(true);
            expect(box.width).toBeGreaterThanOrEqual(100);
            expect(box.height).toBeGreaterThanOrEqual(100);
          }
          for (let i = 0; i < boxes.length; i++)
            for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
