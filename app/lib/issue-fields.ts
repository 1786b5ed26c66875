/** A custom field's value ready to show, formatted on the server (issue-fields.server.ts). */
export type ShownValue =
  | { kind: "empty"; text: string }
  | { kind: "person"; name: string }
  | { kind: "element"; name: string; color: string | null }
  | { kind: "date"; text: string; dateTime: string }
  | { kind: "text"; text: string };

export interface ShownField {
  name: string;
  value: ShownValue;
}

export function listedFieldNames(issues: readonly { fields: readonly ShownField[] }[], max = 3): string[] {
  const names: string[] = [];
  for (const issue of issues) {
    for (const field of issue.fields) if (!names.includes(field.name)) names.push(field.name);
  }
  return names.slice(0, max);
}
