import { handleImageUpload } from "~/modules/uploads/uploads.server";
import { accountUploader } from "~/modules/accounts/uploader.server";
import type { Route } from "./+types/api.uploads";
import { appContext } from "~/request-context.server";

export function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  return handleImageUpload(request, { storage: runtime.storage, uploader: accountUploader(runtime) });
}
