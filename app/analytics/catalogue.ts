// The analytics event catalogue (docs/analytics.md): every field is a closed set, a number, a boolean or
// a bucket, so free text cannot be sent by mistake. zod/mini, as it runs in the browser.
import * as z from "zod/mini";
import { INVITE_FAILURE_KINDS, PROJECT_TEMPLATES, UI_THEMES } from "#contract/constants.ts";

export const SPELL_CHECK_CATEGORIES = [
  "SPELLING",
  "PUNCTUATION",
  "TYPOGRAPHY",
  "GRAMMAR",
  "SEMANTICS",
  "STYLE",
  "OTHER",
] as const;
export const WIDGET_PERFORMANCE_KINDS = ["FCP", "LCP", "CLS", "TTFB", "INP"] as const;

/**
 * The schemas of every event. Built on first use rather than when a page loads the module: a page tracks
 * its first event after it has started, and building some fifty schemas costs its start about 50 ms on a
 * phone-speed CPU.
 */
function buildCatalogue() {
  const CountField = z.union([z.int().check(z.gte(0), z.lte(20)), z.literal("many")]);
  const Identifier = z
    .string()
    .check(z.regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, "an identifier, not free text"));
  return {
    navigation: {
      "item-open": z.object({ item: Identifier, collapsed: z.boolean() }),
      "menu-open": z.object({ menu: z.enum(["create", "help", "settings", "profile", "more", "mobile"]) }),
      "collapse-toggle": z.object({ expanded: z.boolean() }),
    },
    appearance: {
      "theme-change": z.object({ from: z.enum(UI_THEMES), to: z.enum(UI_THEMES) }),
    },
    notifications: {
      "centre-open": z.object({ unread: z.boolean(), threads: CountField }),
      "page-open": z.object({ folder: z.enum(["direct", "subscription", "whatsnew"]) }),
    },
    shortcuts: {
      used: z.object({ shortcut: Identifier }),
    },
    widgets: {
      lifecycle: z.object({
        app: Identifier,
        widget: Identifier,
        stage: z.enum(["loaded", "registered", "failed", "closed"]),
      }),
      performance: z.object({
        app: Identifier,
        widget: Identifier,
        kind: z.enum(WIDGET_PERFORMANCE_KINDS),
        /** Milliseconds, or the unitless CLS score times 1000, rounded. */
        value: z.int().check(z.gte(0), z.lte(600_000)),
      }),
    },
    "new-project": {
      created: z.object({
        template: z.enum(PROJECT_TEMPLATES),
        customId: z.boolean(),
        customStartingNumber: z.boolean(),
        organisation: z.boolean(),
        description: z.boolean(),
        icon: z.boolean(),
      }),
      "step-skipped": z.object({ step: z.enum(["invite", "time-tracking"]) }),
    },
    invitations: {
      failed: z.object({ kind: z.enum(INVITE_FAILURE_KINDS), count: CountField }),
    },
    ai: {
      "enable-failed": z.object({ feature: z.enum(["ai", "spellchecker", "text-completion"]) }),
    },
    spellcheck: {
      suggestion: z.object({ category: z.enum(SPELL_CHECK_CATEGORIES), accepted: z.boolean() }),
    },
    search: {
      session: z.object({
        source: z.enum(["quick-search", "search-page"]),
        results: CountField,
        opened: z.boolean(),
      }),
    },
    pmf: {
      answer: z.object({ score: z.int().check(z.gte(0), z.lte(10)) }),
    },
  } as const;
}

export type Catalogue = ReturnType<typeof buildCatalogue>;
let built: Catalogue | undefined;

export function catalogue(): Catalogue {
  return (built ??= buildCatalogue());
}
export type EventGroup = keyof Catalogue;
export type EventName<G extends EventGroup> = keyof Catalogue[G] & string;
export type EventFieldsOf<
  G extends EventGroup,
  E extends EventName<G>,
> = Catalogue[G][E] extends z.ZodMiniType ? z.input<Catalogue[G][E]> : never;

/** The survey group, sent to api/pmfsurvey; every other group goes to api/analytics. */
export const SURVEY_GROUP: EventGroup = "pmf";

export function schemaOf(group: string, event: string): z.ZodMiniType | null {
  const events = (catalogue() as Record<string, Record<string, z.ZodMiniType> | undefined>)[group];
  return events?.[event] ?? null;
}
