import { createContext, useContext } from "react";

/** The per-request CSP nonce Remix's inline scripts must carry (set in entry.server). */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
