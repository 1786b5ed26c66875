// The form action behind task-list checkboxes in an editable issue or article. The checkbox is a submit
// button of the page's task form, so toggling works without JavaScript; the revision (the entity's
// `updated` time) makes a toggle of a stale page fail instead of flipping a different task.

import { z } from "zod";
import { ApiError } from "../lib/api.server.ts";
import { TOGGLE_TASK_INTENT } from "./markdown-content.tsx";
import { toggleTask } from "./tasks.ts";
import { englishMarkdownT, type MarkdownT } from "./translate.ts";

const TaskToggleSchema = z.object({
  intent: z.literal(TOGGLE_TASK_INTENT),
  task: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number),
  revision: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

export type TaskToggleResult = { ok: true } | { ok: false; status: number; message: string };

/**
 * Toggles the task the form names in `current.text` and saves the result with `save`. Expected
 * failures (a stale page, a task that is gone, no right to edit) come back as a status and a message
 * in the reader's language (`t`: the request's `getFixedT(null, "markdown")`; English when absent).
 */
export async function toggleTaskFromForm(
  form: FormData,
  current: { text: string; updated: number },
  save: (text: string) => Promise<unknown>,
  t: MarkdownT = englishMarkdownT(),
): Promise<TaskToggleResult> {
  const parsed = TaskToggleSchema.safeParse({
    intent: form.get("intent"),
    task: form.get("task"),
    revision: form.get("revision"),
  });
  if (!parsed.success) return { ok: false, status: 400, message: t("task.invalid") };
  if (parsed.data.revision !== current.updated) return { ok: false, status: 409, message: t("task.stale") };
  const text = toggleTask(current.text, parsed.data.task);
  if (text === null) return { ok: false, status: 409, message: t("task.gone") };
  try {
    await save(text);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return { ok: false, status: 403, message: t("task.forbidden") };
    }
    throw error;
  }
  return { ok: true };
}
