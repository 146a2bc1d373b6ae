import { precheckImage, type UploadKind } from "./uploads.schema";

export type UploadedImage = { url: string; cardUrl: string; width: number; height: number };

/** Uploads one image with progress events (XMLHttpRequest, since fetch has no upload progress). */
export function uploadImage(
  file: File,
  kind: UploadKind,
  onProgress?: (fraction: number) => void,
): Promise<UploadedImage> {
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
