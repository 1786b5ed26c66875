// Custom fields as the product's API shows them (IssueCustomField, ProjectCustomField, bundle elements) and
// the catalog a search query may name: readable projects, their fields, and users.
import { PERMISSION } from "#contract/constants.ts";
import {
  BundleSchema,
  FIELD_VALUE_TYPES,
  type BundleElement,
  type FieldValueType,
} from "#contract/app-api.ts";
import { dbProvider, type Db } from "./db.ts";
import { projectsWith } from "./model.ts";
import { localizedName } from "./field-translations.ts";
import { readCache } from "./read-cache.ts";
import type { Catalog } from "./search-query.ts";

interface FieldRow {
  id: string;
  name: string;
  valueType: string;
  bundle: string | null;
}
interface ProjectFieldRow {
  id: string;
  canBeEmpty: boolean;
  emptyFieldText: string;
  field: FieldRow;
}
interface UserRow {
  id: string;
  login: string;
  name: string;
  avatarUrl: string | null;
}

const TYPE_NAMES: Record<FieldValueType, { issue: string; project: string; element?: string }> = {
  enum: {
    issue: "SingleEnumIssueCustomField",
    project: "EnumProjectCustomField",
    element: "EnumBundleElement",
  },
  state: {
    issue: "StateIssueCustomField",
    project: "StateProjectCustomField",
    element: "StateBundleElement",
  },
  user: { issue: "SingleUserIssueCustomField", project: "UserProjectCustomField" },
  string: { issue: "SimpleIssueCustomField", project: "SimpleProjectCustomField" },
  integer: { issue: "SimpleIssueCustomField", project: "SimpleProjectCustomField" },
  date: { issue: "DateIssueCustomField", project: "SimpleProjectCustomField" },
};

const valueTypeOf = (field: FieldRow): FieldValueType =>
  (FIELD_VALUE_TYPES as readonly string[]).includes(field.valueType)
    ? (field.valueType as FieldValueType)
    : "string";

export function bundleOf(field: FieldRow): BundleElement[] {
  if (field.bundle === null) return [];
  return BundleSchema.parse(JSON.parse(field.bundle));
}

export const toApiUser = (user: UserRow) => ({
  $type: "User",
  id: user.id,
  login: user.login,
  name: user.name,
  fullName: user.name,
  ringId: user.id,
  avatarUrl: user.avatarUrl,
});

export function toProjectCustomField(pf: ProjectFieldRow) {
  const valueType = valueTypeOf(pf.field);
  const bundled = valueType === "enum" || valueType === "state" || valueType === "user";
  return {
    $type: TYPE_NAMES[valueType].project,
    id: pf.id,
    canBeEmpty: pf.canBeEmpty,
    emptyFieldText: pf.emptyFieldText,
    bundle: bundled ? { id: `bundle-${pf.field.id}` } : null,
    field: {
      $type: "CustomField",
      id: pf.field.id,
      name: pf.field.name,
      localizedName: null as string | null,
      fieldType: { $type: "FieldType", id: bundled ? `${valueType}[1]` : valueType, valueType },
    },
  };
}

/** A stored value as the API shows it, or null when it names nothing that exists any more. */
function apiValue(pf: ProjectFieldRow, stored: unknown, users: ReadonlyMap<string, UserRow>) {
  const valueType = valueTypeOf(pf.field);
  if (valueType === "user") {
    const user = typeof stored === "string" ? users.get(stored) : undefined;
    return user ? toApiUser(user) : null;
  }
  if (valueType === "enum" || valueType === "state") {
    const element = bundleOf(pf.field).find((e) => e.id === stored);
    if (!element) return null;
    return {
      $type: TYPE_NAMES[valueType].element,
      id: element.id,
      name: element.name,
      localizedName: null as string | null,
      presentation: element.name,
      color: element.color ?? null,
      ...(valueType === "state" ? { isResolved: element.isResolved ?? false } : {}),
    };
  }
  return typeof stored === "string" || typeof stored === "number" ? stored : null;
}

/** An issue's custom fields in the project's order, empty ones with a null value. */
export function toIssueFields(
  projectFields: ProjectFieldRow[],
  values: { projectFieldId: string; value: string }[],
  users: ReadonlyMap<string, UserRow>,
) {
  const stored = new Map(values.map((v) => [v.projectFieldId, v.value]));
  return projectFields.map((pf) => {
    const raw = stored.get(pf.id);
    return {
      $type: TYPE_NAMES[valueTypeOf(pf.field)].issue,
      id: pf.id,
      name: pf.field.name,
      value: raw === undefined ? null : apiValue(pf, JSON.parse(raw), users),
      projectCustomField: toProjectCustomField(pf),
    };
  });
}

/** What an issue row needs included to show its fields. */
export const issueFieldsInclude = {
  fieldValues: { select: { projectFieldId: true, value: true } },
  project: {
    select: {
      id: true,
      shortName: true,
      name: true,
      fields: { include: { field: true }, orderBy: { ordinal: "asc" } },
    },
  },
} as const;

/** Every account but the guest, by id: the people a field value or an activity names. */
export function loadUsers(db: Db): Promise<ReadonlyMap<string, UserRow>> {
  return readCache(db).read("apiUsers", async () => {
    const rows = await db.user.findMany({
      where: { guest: false },
      select: { id: true, login: true, name: true, avatarUrl: true },
      orderBy: { login: "asc" },
    });
    return new Map(rows.map((row) => [row.id, row]));
  });
}

/** What a query by `userId` may name: the projects they read issues in, their fields, and (signed in) users. */
export function loadCatalog(db: Db, user: { id: string; login: string; guest: boolean }): Promise<Catalog> {
  return readCache(db).read(`searchCatalog:${user.id}`, async () => {
    const readable = await projectsWith(db, user.id, PERMISSION.READ_ISSUE);
    const projects = await db.project.findMany({
      where: readable === "all" ? {} : { id: { in: readable } },
      select: { id: true, shortName: true, name: true },
      orderBy: { shortName: "asc" },
    });
    const fields = await db.customField.findMany({
      where: { projects: { some: { projectId: { in: projects.map((p) => p.id) } } } },
      orderBy: { name: "asc" },
    });
    const users = user.guest ? [] : [...(await loadUsers(db)).values()];
    return {
      me: { id: user.id, login: user.login },
      projects,
      fields: fields.map((f) => ({ id: f.id, name: f.name, valueType: valueTypeOf(f), bundle: bundleOf(f) })),
      users: users.map((u) => ({ id: u.id, login: u.login, name: u.name })),
      caseInsensitiveText: dbProvider(db) === "postgresql",
    };
  });
}

type ApiIssueField = ReturnType<typeof toIssueFields>[number];

/**
 * `fields` as a reader of `language` sees them: the backend's own fields and values carry their
 * `localizedName`, and so do their default empty texts. The stored answer stays as it is (it may be cached).
 */
export function localizeIssueFields(fields: readonly ApiIssueField[], language: string): ApiIssueField[] {
  return fields.map((field) => {
    const pcf = field.projectCustomField;
    const value =
      field.value !== null && typeof field.value === "object" && "localizedName" in field.value
        ? { ...field.value, localizedName: localizedName(field.value.name, language) }
        : field.value;
    return {
      ...field,
      value,
      projectCustomField: {
        ...pcf,
        emptyFieldText: localizedName(pcf.emptyFieldText, language) ?? pcf.emptyFieldText,
        field: { ...pcf.field, localizedName: localizedName(pcf.field.name, language) },
      },
    };
  });
}
