import { expect, test } from "vitest";
import { LOADED_RESOURCES, resourcesOf } from "./resources.server.ts";

test("the server starts with English alone and reads another language once, when it is first asked for", async () => {
  expect(Object.keys(LOADED_RESOURCES)).toEqual(["en"]);
  const [first, second] = await Promise.all([resourcesOf("he"), resourcesOf("he")]);
  expect(first).toBe(second);
  expect(LOADED_RESOURCES.he).toBe(first);
  expect(first.shell).not.toEqual(LOADED_RESOURCES.en!.shell);
  expect(Object.keys(LOADED_RESOURCES).sort()).toEqual(["en", "he"]);
  expect(await resourcesOf("he")).toBe(first);
});
