// The inbox's folders and its event stream's first message, written with zod/mini: the browser's live inbox
// (app/shell/inbox-live.ts) loads these after the page has started, without the configuration's schemas
// (api-shell.ts). api.ts re-exports them: there is one contract.
import * as z from "zod/mini";
import { INBOX_FOLDERS } from "./constants.ts";

export const EpochMs = z.int().check(z.nonnegative());

export const InboxFolderIdSchema = z.enum(INBOX_FOLDERS);
export const InboxFolderSchema = z.object({
  id: InboxFolderIdSchema,
  lastNotified: z.nullable(EpochMs),
  lastSeen: z.nullable(EpochMs),
});
export const InboxFoldersSchema = z.array(InboxFolderSchema);
export type InboxFolder = z.infer<typeof InboxFolderSchema>;

/** The stream's first message: how long a quiet stream may stay silent before the client gives up on it. */
export const InboxStreamReadySchema = z.object({ pingTimeoutMs: z.int().check(z.positive()) });
