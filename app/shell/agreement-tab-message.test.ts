import { expect, test } from "vitest";
import { parseAgreementTabMessage } from "./agreement-tab-message.ts";
import { serializeAgreementTabMessage } from "./shell-rules.ts";

test("show and hide messages parse from objects and from stored JSON", () => {
  expect(parseAgreementTabMessage({ command: "userAgreementShow", tabId: "t1" })).toEqual({
    command: "userAgreementShow",
    tabId: "t1",
  });
  expect(parseAgreementTabMessage('{"command":"userAgreementHide","tabId":"t2"}')).toEqual({
    command: "userAgreementHide",
    tabId: "t2",
  });
});

test("a serialised message parses back to itself", () => {
  const message = { command: "userAgreementHide", tabId: "abc" } as const;
  expect(parseAgreementTabMessage(serializeAgreementTabMessage(message))).toEqual(message);
});

test.each([
  ["null", null],
  ["undefined", undefined],
  ["a number", 42],
  ["an empty string", ""],
  ["broken JSON", "{command:"],
  ["JSON null", "null"],
  ["an unknown command", { command: "userAgreementToggle", tabId: "t1" }],
  ["a missing tabId", { command: "userAgreementShow" }],
  ["an empty tabId", { command: "userAgreementShow", tabId: "" }],
  ["a numeric tabId", { command: "userAgreementShow", tabId: 1 }],
  ["an extra field", { command: "userAgreementShow", tabId: "t1", extra: true }],
  ["an array", [{ command: "userAgreementShow", tabId: "t1" }]],
])("anything else parses to null: %s", (_label, raw) => {
  expect(parseAgreementTabMessage(raw)).toBeNull();
});
