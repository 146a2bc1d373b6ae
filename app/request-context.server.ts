import { createContext } from "react-router";
import type { Runtime } from "~/runtime.server";

/** What the server hands every loader and action, read with `context.get(appContext)`. */
export type AppContext = {
  runtime: Runtime;
  requestId: string;
  cspNonce: string;
  clientIp: string | null;
};

export const appContext = createContext<AppContext>();
