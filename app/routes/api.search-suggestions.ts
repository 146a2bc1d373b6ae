import { data } from "react-router";
import { searchSuggestions } from "~/modules/search/suggestions.server";
import type { Route } from "./+types/api.search-suggestions";
import { appContext } from "~/request-context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const suggestions = await searchSuggestions(context.get(appContext).runtime.db, q);
  return data(suggestions, { headers: { "Cache-Control": "public, max-age=30" } });
}
