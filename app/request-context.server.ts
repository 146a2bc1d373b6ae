import { createContext } from "react-router";
import type { Runtime } from "~/runtime.server";

/** What the server hands every loader and action, read with `context.get(appContext)`. */
export type AppContext = {
  runtime: Runtime;
  requestId: string;
  cspNonce: string;
  clientIp: string | null;
  /**
   * Says the signed-in visitor owns the store or product the page shows: the view counter leaves their own look out
   * (server/view-counting.ts).
   */
  ownPage: () => void;
};

export const appContext = createContext<AppContext>();
