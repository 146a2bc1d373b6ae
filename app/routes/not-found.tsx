import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { logger } from "~/logger.server";
import type { Route } from "./+types/not-found";
import { appContext } from "~/request-context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  logger.warn({ requestId: context.get(appContext).requestId, path }, "404 page not found");
  return data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  logger.warn(
    { requestId: context.get(appContext).requestId, path: new URL(request.url).pathname },
    "404 page not found",
  );
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
