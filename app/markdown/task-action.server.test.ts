import { expect, test, vi } from "vitest";
import { testI18n } from "#tests/helpers/i18n.tsx";
import { ApiError } from "../lib/api.server.ts";
import { TOGGLE_TASK_INTENT } from "./markdown-content.tsx";
import { toggleTaskFromForm } from "./task-action.server.ts";

const TEXT = "- [ ] a\n- [x] b";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const toggle = (task: string, revision: string) => form({ intent: TOGGLE_TASK_INTENT, task, revision });

test("a toggle of the current text saves the text with that task switched", async () => {
  const save = vi.fn(async () => undefined);
  expect(await toggleTaskFromForm(toggle("0", "7"), { text: TEXT, updated: 7 }, save)).toEqual({ ok: true });
  expect(save).toHaveBeenCalledWith("- [x] a\n- [x] b");
});

test("refusals come with a status and, without a language, English words", async () => {
  const save = vi.fn(async () => undefined);
  expect(await toggleTaskFromForm(form({ intent: "other" }), { text: TEXT, updated: 7 }, save)).toEqual({
    ok: false,
    status: 400,
    message: "This change to the task list is not valid.",
  });
  expect(await toggleTaskFromForm(toggle("0", "6"), { text: TEXT, updated: 7 }, save)).toMatchObject({
    status: 409,
    message: "The text has changed since this page was loaded. Reload the page and try again.",
  });
  expect(await toggleTaskFromForm(toggle("5", "7"), { text: TEXT, updated: 7 }, save)).toMatchObject({
    status: 409,
    message: "That task is no longer in the text. Reload the page.",
  });
  expect(save).not.toHaveBeenCalled();
});

test("refusals are in the reader's language when the caller passes its t", async () => {
  const t = testI18n("de").getFixedT(null, "markdown");
  const denied = async () => {
    throw new ApiError(403, null, "/api/issues/1");
  };
  expect(await toggleTaskFromForm(toggle("0", "6"), { text: TEXT, updated: 7 }, denied, t)).toMatchObject({
    status: 409,
    message: t("task.stale"),
  });
  expect(await toggleTaskFromForm(toggle("0", "7"), { text: TEXT, updated: 7 }, denied, t)).toEqual({
    ok: false,
    status: 403,
    message: t("task.forbidden"),
  });
  expect(t("task.forbidden")).not.toBe("You cannot edit this text.");
});
