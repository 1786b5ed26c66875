import { CLIPBOARD_NOTIFICATION_MS } from "./constants.ts";

export interface ClipboardWriter {
  writeText(text: string): Promise<void>;
}

export type ClipboardOutcome = "success" | "error";

export interface CopyToClipboardOptions {
  readonly success: string;
  readonly error: string;
  /** Shows `message` for `durationMs`; hiding it afterwards is the notifier's job. */
  readonly notify: (message: string, durationMs: number, outcome: ClipboardOutcome) => void;
  /** Defaults to `navigator.clipboard`, which is absent outside secure contexts. */
  readonly clipboard?: ClipboardWriter | undefined;
  readonly log?: (error: unknown) => void;
  readonly durationMs?: number;
}

export async function copyToClipboard(
  text: string,
  {
    success,
    error,
    notify,
    clipboard = globalThis.navigator?.clipboard,
    log = (failure) => console.error(failure),
    durationMs = CLIPBOARD_NOTIFICATION_MS,
  }: CopyToClipboardOptions,
): Promise<boolean> {
  try {
    if (!clipboard) throw new Error("The clipboard is not available");
    await clipboard.writeText(text);
  } catch (failure) {
    log(failure);
    notify(error, durationMs, "error");
    return false;
  }
  notify(success, durationMs, "success");
  return true;
}
