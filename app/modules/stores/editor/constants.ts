/** Spec §9 editor and store constants (plus the server's sanity limits). */
export const EDITOR = {
  grid: 20,
  defaultBanner: { width: 300, height: 200, x: 50, y: 50 },
  minBanner: { width: 100, height: 100 },
  dragThreshold: 5,
  defaultSectionHeight: 600,
  canvasMinEditor: 200,
  canvasMinPublic: 300,
  heroMaxHeight: 400,
  autoWidth: 1400,
  autoHeight: { min: 150, max: 500 },
  maxSections: 30,
  maxBannersPerSection: 30,
  maxCanvasHeight: 3000,
  maxCanvasWidth: 1400,
  maxProductLimit: 48,
} as const;
