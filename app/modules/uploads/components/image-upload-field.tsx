import { X } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "~/components/ui/toast";
import { Label } from "~/components/ui/field";
import { useLocale } from "~/components/layout/use-root-user";
import { feedbackIn } from "~/i18n/feedback";
import { useTranslation } from "~/i18n/use-translation";
import { uploadImage } from "../upload-client";
import { IMAGE_ACCEPT, MAX_IMAGE_MB, type UploadKind } from "../uploads.schema";

/**
 * A labelled file input that uploads images as soon as they are chosen, shows progress and
 * thumbnails, and carries the uploaded URLs in hidden inputs named `name`.
 */
export function ImageUploadField({
  kind,
  name,
  label,
  multiple = false,
  initial = [],
  onChange,
  onUploadingChange,
}: {
  kind: UploadKind;
  name: string;
  label: string;
  multiple?: boolean;
  initial?: string[];
  onChange?: (urls: string[]) => void;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  // the field's words (the `uploads` namespace: a route that renders the field lists it in its handle)
  const { t } = useTranslation(["uploads"]);
  const locale = useLocale();
  const id = useId();
  const [urls, setUrls] = useState<string[]>(initial);
  const [progress, setProgress] = useState<number | null>(null);

  const update = (next: string[]) => {
    setUrls(next);
    onChange?.(next);
  };

  async function upload(files: File[]) {
    if (files.length === 0) return;
    onUploadingChange?.(true);
    // the bar shows as soon as the files are chosen, before the first bytes are sent
    setProgress(0);
    const uploaded: string[] = [];
    try {
      for (const [i, file] of files.entries()) {
        const image = await uploadImage(file, kind, (fraction) => setProgress((i + fraction) / files.length));
        uploaded.push(image.url);
      }
      toast.success(t("uploads:field.uploaded", { count: uploaded.length }));
    } catch (error) {
      // a refused upload's message (the server's or the precheck's English) in the page's language
      toast.error(error instanceof Error ? feedbackIn(locale, error.message) : t("uploads:field.failed"));
    } finally {
      if (uploaded.length) update(multiple ? [...urls, ...uploaded] : uploaded.slice(-1));
      setProgress(null);
      onUploadingChange?.(false);
    }
  }

  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          void upload(files);
        }}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200"
      />
      <p className="mt-1 text-xs text-slate-500">{t("uploads:field.hint", { mb: MAX_IMAGE_MB })}</p>
      {progress !== null ? (
        <progress
          value={progress}
          max={1}
          aria-label={t("uploads:field.progress")}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-blue-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-600"
        />
      ) : null}
      {urls.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {urls.map((url, i) => (
            <li key={url} className="relative">
              <img
                src={url}
                alt={t("uploads:field.image", { n: i + 1 })}
                className="size-20 rounded-md border border-slate-200 object-cover"
              />
              <button
                type="button"
                onClick={() => update(urls.filter((u) => u !== url))}
                className="absolute -right-2 -top-2 rounded-full bg-white p-0.5 shadow ring-1 ring-slate-200 hover:bg-red-50"
                aria-label={t("uploads:field.remove", { n: i + 1 })}
              >
                <X className="size-3.5" aria-hidden />
              </button>
              <input type="hidden" name={name} value={url} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
