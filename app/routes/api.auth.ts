import type { Route } from "./+types/api.auth";

// better-auth's own endpoints: e-mail verification links, Google's callback, session calls.
export function loader({ request, context }: Route.LoaderArgs) {
  return context.runtime.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return context.runtime.auth.handler(request);
}
