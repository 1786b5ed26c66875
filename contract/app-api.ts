// The product's API as real apps call it from their widgets (docs/widgets.md, "The product's API"), with
// the product's field names and shapes.
import { z } from "zod";

const Id = z.string().min(1).max(200);
const EpochMs = z.number().int().nonnegative();
const QueryBoolean = z.enum(["true", "false"]).transform((v) => v === "true");
const queryInteger = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,15}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const MAX_QUERY_CHARS = 2000;

/** Another user as the product's User entity; ringId is the account's id in the identity service. */
export const UserSchema = z.object({
  id: Id,
  login: z.string(),
  fullName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  ringId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  guest: z.boolean(),
  banned: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export { DATE_FORMATS } from "./constants.ts";

export const DateFormatSchema = z.object({
  id: z.string(),
  presentation: z.string(),
  datePattern: z.string(),
  pattern: z.string(),
});

/** The general profile as `users/{id}/profiles/general` and `users/me?fields=profiles(general(…))` read it. */
export const GeneralProfileReadSchema = z.object({
  id: z.string(),
  locale: z.object({ language: z.string(), locale: z.string() }),
  dateFieldFormat: DateFormatSchema,
  timezone: z.object({ id: z.string(), presentation: z.string(), offset: z.string() }),
});
export type GeneralProfileRead = z.infer<typeof GeneralProfileReadSchema>;

/** The permission cache as apps read it: each project also by its short name (`projects(shortName)`). */
export const PermissionCacheEntrySchema = z.object({
  global: z.boolean(),
  permission: z.object({ key: z.string() }),
  projects: z.array(
    z.object({
      id: Id,
      shortName: z.string(),
      name: z.string(),
      projectType: z.object({ id: z.enum(["DEFAULT", "HELPDESK"]) }),
    }),
  ),
});
export type PermissionCacheEntry = z.infer<typeof PermissionCacheEntrySchema>;

export const FIELD_VALUE_TYPES = ["enum", "state", "user", "string", "integer", "date"] as const;
export type FieldValueType = (typeof FIELD_VALUE_TYPES)[number];

export const FieldColorSchema = z.object({ id: z.string(), background: z.string(), foreground: z.string() });

/** An element of an enum or state field's bundle, as stored. */
export const BundleElementSchema = z.object({
  id: Id,
  name: z.string().min(1).max(200),
  color: FieldColorSchema.optional(),
  isResolved: z.boolean().optional(),
});
export const BundleSchema = z.array(BundleElementSchema);
export type BundleElement = z.infer<typeof BundleElementSchema>;

export const ProjectCustomFieldSchema = z.object({
  id: Id,
  canBeEmpty: z.boolean(),
  emptyFieldText: z.string(),
  bundle: z.object({ id: Id }).nullable(),
  field: z.object({
    id: Id,
    name: z.string(),
    localizedName: z.string().nullable(),
    fieldType: z.object({ id: z.string(), valueType: z.enum(FIELD_VALUE_TYPES) }),
  }),
});

const FieldValueSchema = z.union([
  z.object({
    id: Id,
    name: z.string(),
    localizedName: z.string().nullable(),
    presentation: z.string(),
    color: FieldColorSchema.nullable(),
    isResolved: z.boolean().optional(),
  }),
  z.object({
    id: Id,
    login: z.string(),
    name: z.string(),
    fullName: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  z.string(),
  z.number(),
  z.null(),
]);

/** One of an issue's custom fields with its value; the $type names the field's kind, as in the product. */
export const IssueCustomFieldSchema = z.object({
  id: Id,
  name: z.string(),
  value: FieldValueSchema,
  projectCustomField: ProjectCustomFieldSchema,
});
export type IssueCustomField = z.infer<typeof IssueCustomFieldSchema>;

export const ACTIVITY_CATEGORIES = ["VotersCategory", "CommentsCategory", "CustomFieldCategory"] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/** `categories` is required: the product answers nothing for an activity query without one. */
export const ActivitiesPageQuerySchema = z
  .object({
    categories: z
      .string()
      .max(1000)
      .transform((value) =>
        value
          .split(",")
          .map((c) => c.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(ACTIVITY_CATEGORIES)).min(1, "Give at least one category")),
    reverse: QueryBoolean.optional(),
    start: queryInteger(0, Number.MAX_SAFE_INTEGER).optional(),
    end: queryInteger(0, Number.MAX_SAFE_INTEGER).optional(),
    author: z.string().min(1).max(200).optional(),
    cursor: z
      .string()
      .regex(/^\d{1,15}$/, "not a cursor of this page")
      .optional(),
    $top: queryInteger(-1, 10_000).optional(),
    fields: z.string().max(4096).optional(),
  })
  .strict();

const ActivityUserSchema = z.object({
  id: Id,
  login: z.string(),
  fullName: z.string(),
  ringId: z.string().nullable(),
});

export const ActivityItemSchema = z.object({
  id: Id,
  timestamp: EpochMs,
  author: ActivityUserSchema,
  category: z.object({ id: z.enum(ACTIVITY_CATEGORIES) }),
  target: z.object({ id: Id, idReadable: z.string() }),
  targetMember: z.string().nullable(),
  field: z.object({ id: z.string(), presentation: z.string() }).nullable(),
  added: z.array(z.unknown()),
  removed: z.array(z.unknown()),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

export const ActivityCursorPageSchema = z.object({
  id: z.string(),
  activities: z.array(ActivityItemSchema),
  reverse: z.boolean(),
  beforeCursor: z.string().nullable(),
  afterCursor: z.string().nullable(),
  hasBefore: z.boolean(),
  hasAfter: z.boolean(),
});

/** `GET issues`: the search query in the product's query language, and paging. */
export const IssueListQuerySchema = z
  .object({
    $top: queryInteger(1, 500).default(50),
    $skip: queryInteger(0, 100_000).default(0),
    query: z.string().max(MAX_QUERY_CHARS).optional(),
    fields: z.string().max(4096).optional(),
  })
  .strict();

/** Free text as a search query of plain words: each word braced, so no part reads as a field or value. */
export function textQuery(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/[{}]/g, ""))
    .filter(Boolean)
    .map((word) => `{${word}}`)
    .join(" ");
}

/** `POST search/assist`: the query being typed and where the caret is. */
export const SearchAssistRequestSchema = z
  .object({
    query: z.string().max(MAX_QUERY_CHARS).nullable().default(""),
    caret: z.number().int().min(0).max(MAX_QUERY_CHARS).optional(),
    folders: z
      .array(z.object({ id: Id }).loose())
      .max(10)
      .optional(),
    ignoreUnresolvedSetting: z.boolean().optional(),
  })
  .strict();

export const QUERY_STYLES = ["text", "field_name", "field_value", "operator", "error"] as const;

export const SuggestionSchema = z.object({
  id: z.string(),
  option: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  description: z.string().nullable(),
  group: z.string().nullable(),
  icon: z.string().nullable(),
  matchingStart: z.number().int(),
  matchingEnd: z.number().int(),
  completionStart: z.number().int(),
  completionEnd: z.number().int(),
  caret: z.number().int(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SearchSuggestionsSchema = z.object({
  id: z.string(),
  query: z.string(),
  caret: z.number().int(),
  styleRanges: z.array(
    z.object({ start: z.number().int(), length: z.number().int(), style: z.enum(QUERY_STYLES) }),
  ),
  suggestions: z.array(SuggestionSchema),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;

/** `POST issuesGetter/count`: the search in the body, since GET has none. */
export const IssueCountRequestSchema = z
  .object({
    query: z.string().max(MAX_QUERY_CHARS).nullable().optional(),
    folder: z.object({ id: Id }).loose().nullable().optional(),
    unresolvedOnly: z.boolean().optional(),
  })
  .strict();

export const IssueCountResponseSchema = z.object({
  id: z.string(),
  count: z.number().int(),
  query: z.string().nullable(),
  unresolvedOnly: z.boolean(),
});

export const PluggableObjectUsageSchema = z.object({
  id: Id,
  enabled: z.boolean(),
  priority: z.number().int(),
  isBroken: z.boolean(),
  problems: z.array(z.object({ message: z.string() })),
  pluggableObject: z.object({ id: Id, name: z.string(), title: z.string(), typeAlias: z.string() }),
  configuration: z.object({
    isActive: z.boolean(),
    enabled: z.boolean(),
    missingRequiredSettings: z.boolean(),
    app: z.object({
      id: Id,
      name: z.string(),
      title: z.string(),
      icon: z.string().nullable(),
      globalConfig: z.object({ enabled: z.boolean(), missingRequiredSettings: z.boolean() }),
    }),
  }),
});
export type PluggableObjectUsage = z.infer<typeof PluggableObjectUsageSchema>;

export const UsagesQuerySchema = z
  .object({
    $top: queryInteger(-1, 10_000).optional(),
    $skip: queryInteger(0, 100_000).optional(),
    fields: z.string().max(4096).optional(),
  })
  .strict();

const Priority = z.number().int().min(0).max(1_000_000);
export const UsageUpdateSchema = z
  .object({ id: Id.optional(), enabled: z.boolean().optional(), priority: Priority.optional() })
  .strict()
  .refine((v) => v.enabled !== undefined || v.priority !== undefined, {
    message: "Give enabled or priority",
  });
export const UsagesBulkUpdateSchema = z
  .array(z.object({ id: Id, enabled: z.boolean().optional(), priority: Priority.optional() }).strict())
  .min(1)
  .max(1000)
  .refine((list) => new Set(list.map((u) => u.id)).size === list.length, "Each usage at most once");
