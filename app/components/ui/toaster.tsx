import { Toaster as SonnerToaster } from "sonner";
import { useTranslation } from "~/i18n/use-translation";

export { toast } from "sonner";

/** Sonner's Toaster, its region named in the reader's language; loaded with sonner, on the first toast (toast.tsx). */
export default function Toaster() {
  const { t } = useTranslation(["common"]);
  return <SonnerToaster position="top-center" containerAriaLabel={t("common:toasts.region")} />;
}
