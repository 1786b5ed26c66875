// Reading the user agreement's cross-tab messages (docs/shell.md). Its own module, loaded when a message
// arrives: the dialog is in the first scripts, which carry no zod.
import * as z from "zod/mini";
import { AGREEMENT_TAB_COMMANDS, type AgreementTabMessage } from "./shell-rules.ts";

const AgreementTabMessageSchema: z.ZodMiniType<AgreementTabMessage> = z.strictObject({
  command: z.enum(AGREEMENT_TAB_COMMANDS),
  tabId: z.string().check(z.minLength(1)),
});

/** Reads a cross-tab message, either as stored (a JSON string) or already parsed; null for anything else. */
export function parseAgreementTabMessage(raw: unknown): AgreementTabMessage | null {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const result = AgreementTabMessageSchema.safeParse(value);
  return result.success ? result.data : null;
}
