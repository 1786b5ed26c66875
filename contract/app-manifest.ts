// manifest.json of an app package in the real product's format (docs/widgets.md). Keys Keel does not read
// are kept, never refused: real manifests carry many.
import { z } from "zod";
import { DIMENSIONED_BY_DEFAULT } from "./extension-points.ts";

/** A required string: "is required" when absent, else the type error. */
const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`);

const SAFE_SEGMENT = /^(?!\.\.?$)[^\\/\0]+$/;

/** A path inside the package: relative, with `/` separators, no `..`, no backslashes. */
export function isSafeRelativePath(path: string): boolean {
  return path.length > 0 && path.length <= 500 && path.split("/").every((s) => SAFE_SEGMENT.test(s));
}

/** The file part of a manifest path: some apps tell widgets sharing one document apart with a query. */
export const filePart = (path: string) => path.replace(/[?#].*$/s, "");

const relativePath = (where: string) =>
  text(500).refine(
    (path) => isSafeRelativePath(filePart(path)),
    `must be a path relative to the ${where}, with / separators and without ..`,
  );

const httpUrl = z
  .string({ error: "must be a string" })
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http or https URL");

export const APP_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
/** The product documents a-z, 0-9 and -; published apps also use _ . ~ (Issue Reminder's `reminder_settings`). */
export const WIDGET_KEY_PATTERN = /^[a-z0-9][a-z0-9_.~-]*$/;

const OBJECT = { error: "must be an object" };

export const VendorSchema = z.looseObject(
  {
    name: text(200),
    url: httpUrl.optional(),
    email: z.email("must be an e-mail address").optional(),
  },
  OBJECT,
);

const Pixels = z
  .number({ error: (issue) => (issue.input === undefined ? "is required" : "must be a number of pixels") })
  .positive("must be greater than 0")
  .max(100_000, "must be at most 100000");

/** px for the places that have no default size; a widget's wish, not a promise. Either may be left out. */
export const ExpectedDimensionsSchema = z.object(
  { width: Pixels.optional(), height: Pixels.optional() },
  OBJECT,
);
export type ExpectedDimensions = z.infer<typeof ExpectedDimensionsSchema>;

/** A number of pixels, or "100px", "40%" (Markdown) or "8fr" (dashboard). */
const SIZE_MESSAGE = 'must be a number or a size such as "100px", "40%" or "8fr"';
const SizeValue = z.union([Pixels, z.string().regex(/^\d+(?:\.\d+)?(?:px|%|fr)$/, SIZE_MESSAGE)], {
  error: SIZE_MESSAGE,
});
export const DefaultDimensionsSchema = z.object(
  { width: SizeValue.optional(), height: SizeValue.optional() },
  OBJECT,
);
export type DefaultDimensions = z.infer<typeof DefaultDimensionsSchema>;

/** Dashboard widgets and Markdown embeds get a default size; every other place may ask for one. */
export const usesDefaultDimensions = (point: string): boolean =>
  (DIMENSIONED_BY_DEFAULT as readonly string[]).includes(point);

export const ManifestWidgetSchema = z
  .looseObject(
    {
      key: z
        .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
        .max(100, "must be at most 100 characters")
        .regex(
          WIDGET_KEY_PATTERN,
          "must start with a lower-case letter or digit and contain only a-z, 0-9, -, _, . and ~",
        ),
      name: text(200),
      description: z.string({ error: "must be a string" }).max(10_000).optional(),
      indexPath: relativePath("widgets folder"),
      // Any string: a place Keel does not know is kept, and the widget is silently invisible.
      extensionPoint: text(100),
      iconPath: relativePath("widgets folder").optional(),
      permissions: z.array(z.string({ error: "must be a string" }).max(100), "must be a list").optional(),
      guard: z.string({ error: "must be a string of JavaScript" }).max(10_000).optional(),
      showHeader: z.boolean({ error: "must be true or false" }).optional(),
      settingsSchemaPath: relativePath("widgets folder").optional(),
      expectedDimensions: ExpectedDimensionsSchema.optional(),
      defaultDimensions: DefaultDimensionsSchema.optional(),
    },
    OBJECT,
  )
  .superRefine((widget, ctx) => {
    const byDefault = usesDefaultDimensions(widget.extensionPoint);
    if (byDefault && widget.expectedDimensions !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["expectedDimensions"],
        message: `is not allowed for ${widget.extensionPoint}: use defaultDimensions`,
      });
    }
    if (!byDefault && widget.defaultDimensions !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["defaultDimensions"],
        message: "is allowed only for DASHBOARD_WIDGET and MARKDOWN: use expectedDimensions",
      });
    }
  });
export type ManifestWidget = z.infer<typeof ManifestWidgetSchema>;

export const ManifestSchema = z
  .looseObject(
    {
      name: text(100).regex(
        APP_NAME_PATTERN,
        "must start with a lower-case letter or a digit and contain only a-z, 0-9, ., _ and -",
      ),
      title: text(200),
      version: text(50),
      description: z.string({ error: "must be a string" }).max(10_000).optional(),
      // Optional as in the real product: published apps (Issue Reminder) have none.
      vendor: VendorSchema.optional(),
      minYouTrackVersion: z.string({ error: "must be a string" }).max(50).optional(),
      icon: relativePath("package").optional(),
      iconDark: relativePath("package").optional(),
      // An app may have HTTP handlers and settings only (Webhook Triggers).
      widgets: z.array(ManifestWidgetSchema, "must be a list").max(100, "must be at most 100").default([]),
    },
    OBJECT,
  )
  .superRefine((manifest, ctx) => {
    const seen = new Set<string>();
    manifest.widgets.forEach((widget, index) => {
      if (seen.has(widget.key)) {
        ctx.addIssue({
          code: "custom",
          path: ["widgets", index, "key"],
          message: `the key ${widget.key} is used by another widget too: keys must be unique`,
        });
      }
      seen.add(widget.key);
    });
  });
export type Manifest = z.infer<typeof ManifestSchema>;

export interface ManifestProblem {
  /** `widgets.0.key`, or `manifest` for the whole document. */
  path: string;
  message: string;
}

export function manifestProblems(error: z.ZodError): ManifestProblem[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "manifest",
    message: issue.message,
  }));
}

export function formatManifestError(error: z.ZodError): string {
  return manifestProblems(error)
    .map((p) => `${p.path}: ${p.message}`)
    .join("\n");
}
