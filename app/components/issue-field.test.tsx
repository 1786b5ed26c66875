import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import type { IssueField } from "#contract/api.ts";
import { DEFAULT_DATE_SETTINGS } from "../lib/dates.ts";
import { listedFieldNames } from "../lib/issue-fields.ts";
import { shownField } from "../lib/issue-fields.server.ts";
import { FieldValue } from "./issue-field.tsx";
import { initialsOf } from "./people.tsx";

const field = (name: string, value: IssueField["value"], valueType = "enum"): IssueField => ({
  name,
  value,
  projectCustomField: { emptyFieldText: "Unassigned", field: { fieldType: { valueType } } },
});
const show = (f: IssueField) =>
  renderToString(<FieldValue value={shownField(f, DEFAULT_DATE_SETTINGS).value} />);

test("initials are the first letters of a name's first and last words, in any script", () => {
  expect(initialsOf("Alice Member")).toBe("AM");
  expect(initialsOf("Ada  Lovelace Byron")).toBe("AB");
  expect(initialsOf("cher")).toBe("C");
  expect(initialsOf("דנה לוי")).toBe("דל");
  expect(initialsOf("   ")).toBe("?");
});

test("a person shows initials hidden from assistive technology and the name; an empty field its text", () => {
  const person = show(field("Assignee", { login: "alice", fullName: "Alice Member" }, "user"));
  expect(person).toContain('<span class="avatar" aria-hidden="true">AM</span>');
  expect(person).toContain("<bdi>Alice Member</bdi>");
  expect(show(field("Assignee", null, "user"))).toBe('<span class="muted">Unassigned</span>');
});

test("an element shows its colour as a swatch beside its name, never as the only sign", () => {
  const html = show(
    field("Priority", { name: "Major", color: { background: "#f5a623", foreground: "#fff" } }),
  );
  expect(html).toContain('class="field-swatch" aria-hidden="true" style="background:#f5a623"');
  expect(html).toContain("<bdi>Major</bdi>");
  expect(show(field("State", { name: "Open", isResolved: false }, "state"))).not.toContain("field-swatch");
});

test("a date field is a time element in the reader's format; other numbers and text stay as they are", () => {
  const due = Date.UTC(2026, 10, 3, 12);
  const html = show(field("Due date", due, "date"));
  expect(html).toContain(`<time dateTime="${new Date(due).toISOString()}">`);
  expect(html).toContain("2026");
  expect(show(field("Estimate", 8, "integer"))).toBe("<bdi>8</bdi>");
  expect(show(field("Build", "<b>2.4</b>", "string"))).toBe("<bdi>&lt;b&gt;2.4&lt;/b&gt;</bdi>");
});

test("a list's columns are the listed issues' fields in order, at most three", () => {
  const fieldsOf = (...names: string[]) => ({
    fields: names.map((name) => shownField(field(name, null), DEFAULT_DATE_SETTINGS)),
  });
  const issues = [fieldsOf("Priority", "State"), fieldsOf("Type", "State", "Assignee")];
  expect(listedFieldNames(issues)).toEqual(["Priority", "State", "Type"]);
  expect(listedFieldNames(issues, 4)).toEqual(["Priority", "State", "Type", "Assignee"]);
});

test("a field and its value show the backend's translation when it sends one, else their stored name", () => {
  const translated: IssueField = {
    name: "Priority",
    value: { name: "Major", localizedName: "גבוהה" },
    projectCustomField: {
      emptyFieldText: "ללא ערך",
      field: { localizedName: "עדיפות", fieldType: { valueType: "enum" } },
    },
  };
  const shown = shownField(translated, DEFAULT_DATE_SETTINGS);
  expect(shown.name).toBe("עדיפות");
  expect(show(translated)).toContain("<bdi>גבוהה</bdi>");
  const plain = shownField(field("Priority", { name: "Major", localizedName: null }), DEFAULT_DATE_SETTINGS);
  expect(plain.name).toBe("Priority");
  expect(renderToString(<FieldValue value={plain.value} />)).toContain("<bdi>Major</bdi>");
});
