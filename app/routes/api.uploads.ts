import { handleImageUpload } from "~/modules/uploads/uploads.server";
import type { Route } from "./+types/api.uploads";
import { appContext } from "~/request-context.server";

export function action({ request, context }: Route.ActionArgs) {
  return handleImageUpload(request, context.get(appContext).runtime);
}
