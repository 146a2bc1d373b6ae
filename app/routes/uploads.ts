import { serveUpload } from "~/modules/uploads/uploads.server";
import type { Route } from "./+types/uploads";
import { appContext } from "~/request-context.server";

export function loader({ params, context }: Route.LoaderArgs) {
  return serveUpload(params["*"] ?? "", context.get(appContext).runtime);
}
