export type UploadedImage = { url: string; cardUrl: string; width: number; height: number };
export type UploadKind = "product" | "banner" | "logo" | "hero_banner";

const MAX_BYTES = 5 * 1024 * 1024;

/** Quick checks before uploading (the server decides again from the bytes). */
export function precheckImage(file: File): string | null {
  if (!file.type.startsWith("image/")) return "Please select only image files";
  if (file.size > MAX_BYTES) return "Image size must be less than 5MB";
  return null;
}

/** Uploads one image with progress events (XMLHttpRequest, since fetch has no upload progress). */
export function uploadImage(file: File, kind: UploadKind, onProgress?: (fraction: number) => void): Promise<UploadedImage> {
  const refused = precheckImage(file);
  if (refused) return Promise.reject(new Error(refused));
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.set("kind", kind);
    body.set("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const response = xhr.response as (UploadedImage & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && response?.url) resolve(response);
      else reject(new Error(response?.error ?? "Failed to upload image"));
    };
    xhr.onerror = () => reject(new Error("Failed to upload image"));
    xhr.send(body);
  });
}
