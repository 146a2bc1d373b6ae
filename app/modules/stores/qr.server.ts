import QRCode from "qrcode";

/** Spec §9: 512 px, margin 2, #000000 on #FFFFFF. */
const QR_OPTIONS = { width: 512, margin: 2, color: { dark: "#000000", light: "#FFFFFF" } } as const;

/** The absolute public URL a store's QR code encodes. */
export function storePublicUrl(publicUrl: string, storeId: string): string {
  return `${publicUrl.replace(/\/$/, "")}/stores/${storeId}`;
}

export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { ...QR_OPTIONS, type: "image/png" });
}

export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...QR_OPTIONS, type: "png" });
}

/** Decodes a stored "data:image/png;base64,..." QR code. */
export function pngFromDataUrl(dataUrl: string): Buffer | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  return match ? Buffer.from(match[1]!, "base64") : null;
}
