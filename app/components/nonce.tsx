import { createContext, useContext } from "react";

const NonceContext = createContext("");

/** The CSP nonce of this response: only on the server; browsers hide it from scripts. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
