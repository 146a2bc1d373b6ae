import QRCode from "qrcode";

/** Spec §9: 512 px, margin 2, #000000 on #FFFFFF. */
const QR_OPTIONS = { width: 512, margin: 2, color: { dark: "#000000", light: "#FFFFFF" } } as const;

/** The absolute public URL a store's QR code encodes. */
export function storePublicUrl(publicUrl: string, storeId: string): string {
  return `${publicUrl.replace(/\/$/, "")}/stores/${storeId}`;
}

/** What a store's QR code encodes: its public URL tagged as a scan, counted when that page is sent to a browser, which then drops the tag (server/view-counting.ts). */
export function storeQrUrl(publicUrl: string, storeId: string): string {
  const { before, after } = storeQrUrlAround(publicUrl);
  return `${before}${storeId}${after}`;
}

/** What comes before and after the store's id in its QR address (to find stored codes that encode another). */
export function storeQrUrlAround(publicUrl: string): { before: string; after: string } {
  return { before: storePublicUrl(publicUrl, ""), after: "?src=qr" };
}

export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { ...QR_OPTIONS, type: "image/png" });
}

export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...QR_OPTIONS, type: "png" });
}
