import type { IssueField } from "#contract/api.ts";
import { LANGUAGE_LOCALES, type Language } from "../i18n/languages.ts";
import { dateSettingsOf, formatPattern, type DateSettings } from "./dates.ts";
import type { ShownField } from "./issue-fields.ts";

export function shownField(field: IssueField, dates: DateSettings): ShownField {
  const { value } = field;
  const name = field.projectCustomField.field.localizedName ?? field.name;
  if (value === null || value === "") {
    return { name, value: { kind: "empty", text: field.projectCustomField.emptyFieldText ?? "" } };
  }
  if (typeof value === "object") {
    if ("login" in value) return { name, value: { kind: "person", name: value.fullName } };
    const shown = value.localizedName ?? value.name;
    return { name, value: { kind: "element", name: shown, color: value.color?.background ?? null } };
  }
  if (typeof value === "number" && field.projectCustomField.field.fieldType.valueType === "date") {
    const text = formatPattern(value, dates.datePattern, dates);
    return { name, value: { kind: "date", text, dateTime: new Date(value).toISOString() } };
  }
  return { name, value: { kind: "text", text: String(value) } };
}

/** The date settings a page is rendered with: the reader's profile, the page's language. */
export function readerDates(general: Parameters<typeof dateSettingsOf>[0], language: Language): DateSettings {
  return dateSettingsOf(general, LANGUAGE_LOCALES[language]);
}
