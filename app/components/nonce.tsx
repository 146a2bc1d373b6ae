import { createContext, useContext } from "react";

/** The request's CSP nonce; set on the server only (browsers hide nonce values from scripts). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
