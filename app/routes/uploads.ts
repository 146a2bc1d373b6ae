import { serveUpload } from "~/modules/uploads/uploads.server";
import type { Route } from "./+types/uploads";

export function loader({ params, context }: Route.LoaderArgs) {
  return serveUpload(params["*"] ?? "", context.runtime);
}
