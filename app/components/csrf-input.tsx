import { useCsrfToken } from "./use-csrf-token.ts";

export function CsrfInput() {
  return <input type="hidden" name="csrf" value={useCsrfToken()} />;
}
