import { handleImageUpload } from "~/modules/uploads/uploads.server";
import type { Route } from "./+types/api.uploads";

export function action({ request, context }: Route.ActionArgs) {
  return handleImageUpload(request, context.runtime);
}
