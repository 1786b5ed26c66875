// The form action behind task-list checkboxes in an editable issue or article. The checkbox is a submit
// button of the page's task form, so toggling works without JavaScript; the revision (the entity's
// `updated` time) makes a toggle of a stale page fail instead of flipping a different task.

import { z } from "zod";
import { ApiError } from "../lib/api.server.ts";
import { TOGGLE_TASK_INTENT } from "./markdown-content.tsx";
import { toggleTask } from "./tasks.ts";

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
 * failures (a stale page, a task that is gone, no right to edit) come back as a status and a message.
 */
export async function toggleTaskFromForm(
  form: FormData,
  current: { text: string; updated: number },
  save: (text: string) => Promise<unknown>,
): Promise<TaskToggleResult> {
  const parsed = TaskToggleSchema.safeParse({
    intent: form.get("intent"),
    task: form.get("task"),
    revision: form.get("revision"),
  });
  if (!parsed.success)
    return { ok: false, status: 400, message: "This change to the task list is not valid." };
  if (parsed.data.revision !== current.updated) {
    return {
      ok: false,
      status: 409,
      message: "The text has changed since this page was loaded. Reload the page and try again.",
    };
  }
  const text = toggleTask(current.text, parsed.data.task);
  if (text === null) {
    return { ok: false, status: 409, message: "That task is no longer in the text. Reload the page." };
  }
  try {
    await save(text);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return { ok: false, status: 403, message: "You cannot edit this text." };
    }
    throw error;
  }
  return { ok: true };
}
