import { expect, test } from "vitest";
import { setTask, toggleTask } from "./tasks.ts";

test("toggling a task flips only its box in the source", () => {
  expect(toggleTask("- [ ] a\n- [x] b", 0)).toBe("- [x] a\n- [x] b");
  expect(toggleTask("- [ ] a\n- [x] b", 1)).toBe("- [ ] a\n- [ ] b");
});

test("a capital X counts as done and toggles to open", () => {
  expect(toggleTask("* [X] done", 0)).toBe("* [ ] done");
});

test("tasks are counted in document order through nesting, quotes and ordered lists", () => {
  const text = "1. [ ] one\n   - [ ] nested\n\n> - [ ] quoted\n\n+ [x] plus";
  expect(toggleTask(text, 1)).toBe("1. [ ] one\n   - [x] nested\n\n> - [ ] quoted\n\n+ [x] plus");
  expect(toggleTask(text, 2)).toBe("1. [ ] one\n   - [ ] nested\n\n> - [x] quoted\n\n+ [x] plus");
});

test("task-like lines inside fenced code are not tasks", () => {
  const text = "```\n- [ ] not a task\n```\n- [ ] real";
  expect(toggleTask(text, 0)).toBe("```\n- [ ] not a task\n```\n- [x] real");
  expect(toggleTask(text, 1)).toBeNull();
});

test("a task index that does not exist toggles nothing", () => {
  expect(toggleTask("- [ ] a", 1)).toBeNull();
  expect(toggleTask("- [ ] a", -1)).toBeNull();
  expect(toggleTask("- [ ] a", 0.5)).toBeNull();
});

test("when the source scan and the renderer disagree, nothing is toggled", () => {
  // Inside an indented code block the line is no task for the renderer, but looks like one to a line scan.
  expect(toggleTask("para\n\n    - [ ] code\n\n- [ ] real", 0)).toBeNull();
});

test("setting a task to its current state leaves the text as it is", () => {
  expect(setTask("- [x] a", 0, true)).toBe("- [x] a");
});

test("Windows line endings are kept", () => {
  expect(toggleTask("- [ ] a\r\n- [ ] b\r\n", 1)).toBe("- [ ] a\r\n- [x] b\r\n");
});
