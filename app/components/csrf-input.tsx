import { useCsrfToken } from "./use-csrf-token.ts";

/** The hidden field every state-changing form carries. */
export function CsrfInput() {
  return <input type="hidden" name="csrf" value={useCsrfToken()} />;
}
