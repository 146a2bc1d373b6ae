import sharp from "sharp";

/**
 * A picture of Gaussian noise around mid-grey: the worst case for an image encoder (nothing to predict), as a
 * sharp pipeline to encode as the caller needs (a JPEG to upload, raw pixels to blend as a sensor's grain).
 */
export function gaussianNoise(width: number, height: number, sigma: number) {
  return sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } },
  });
}
