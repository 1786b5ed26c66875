// The zod contract of every request and response between Keel and its backend: the mock validates with
// it and the app's API client parses with it, so a real backend is held to the same shapes.
import { z } from "zod";
import { InboxFolderIdSchema } from "./api-inbox.ts";
import { WhatsNewVersionIdSchema } from "./api-shell.ts";
import { PUSH_AUTH_LENGTH, PUSH_ENDPOINT_MAX_LENGTH, PUSH_P256DH_LENGTH } from "./notification-kinds.ts";
import {
  ANALYTICS_MAX_EVENT_BYTES,
  DATE_FORMAT_IDS,
  DASHBOARD_TILE_HEIGHT,
  DASHBOARD_TILE_WIDTH,
  INVITE_FAILURE_KINDS,
  MAX_DASHBOARD_TILES,
  LOCALES,
  PROJECT_TEMPLATES,
  PROJECT_TYPES,
  UI_THEMES,
  CONTRASTS,
  NAVIGATION_ITEM_ID_MAX_LENGTH,
  NAVIGATION_SHAPE_MAX_ITEMS,
  USER_TYPES,
} from "./constants.ts";

const Id = z.string().min(1).max(200);
const EpochMs = z.number().int().nonnegative();

export * from "./app-api.ts";

export {
  BannersSchema,
  ConfigurationSchema,
  ShellConfigSchema,
  SystemEventBannerSchema,
  type Banners,
  type Configuration,
  type ShellConfig,
} from "./api-shell.ts";

export const UiThemeSchema = z.enum(UI_THEMES);
export type UiTheme = z.infer<typeof UiThemeSchema>;
export const ContrastSchema = z.enum(CONTRASTS);
export type Contrast = z.infer<typeof ContrastSchema>;

export const WidgetEntrySchema = z.object({
  id: Id,
  appId: Id,
  appName: z.string(),
  key: z.string(),
  name: z.string(),
  extensionPoint: z.string(),
  indexPath: z.string(),
  appIconPath: z.string().nullable(),
  appDarkIconPath: z.string().nullable(),
  collapsed: z.boolean(),
});
export type WidgetEntry = z.infer<typeof WidgetEntrySchema>;

/** Another user as a card shows them: the e-mail address only for its owner. */
export const UserCardSchema = z.object({
  id: Id,
  login: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  email: z.string().nullable(),
});
export type UserCard = z.infer<typeof UserCardSchema>;

export const AppearanceProfileSchema = z.object({
  uiTheme: UiThemeSchema,
  expandNavigation: z.boolean(),
  showTooltips: z.boolean(),
});

/** Keel's extension of the product's profiles (docs/decisions/0016); without it Keel uses a cookie. */
const NavigationItemIdSchema = z.string().min(1).max(NAVIGATION_ITEM_ID_MAX_LENGTH);
const NavigationItemIdsSchema = z.array(NavigationItemIdSchema).max(NAVIGATION_SHAPE_MAX_ITEMS);

/** The main menu as the user shapes it, by item id; ids of items no longer there are kept and ignored. */
export const NavigationShapeSchema = z.object({
  order: NavigationItemIdsSchema,
  pinned: NavigationItemIdsSchema,
  hidden: NavigationItemIdsSchema,
  landing: NavigationItemIdSchema.nullable(),
});
export type NavigationShape = z.infer<typeof NavigationShapeSchema>;

export const NotificationKindsSchema = z
  .object({ mention: z.boolean(), reaction: z.boolean(), subscription: z.boolean(), whatsnew: z.boolean() })
  .strict();

export const KeelProfileSchema = z.object({
  contrast: ContrastSchema,
  navigation: NavigationShapeSchema,
  notifications: NotificationKindsSchema,
});
export type KeelProfile = z.infer<typeof KeelProfileSchema>;

/** One or more of Keel's preferences; a field left out keeps its value. */
export const KeelProfileUpdateSchema = KeelProfileSchema.partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: "Nothing to change" });
export type KeelProfileUpdate = z.infer<typeof KeelProfileUpdateSchema>;

const Base64Url = (length: number) =>
  z
    .string()
    .length(length)
    .regex(/^[A-Za-z0-9_-]+$/, "must be base64url");

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export const PushSubscriptionInputSchema = z
  .object({
    endpoint: z
      .string()
      .max(PUSH_ENDPOINT_MAX_LENGTH)
      .pipe(z.url({ protocol: /^https?$/ })),
    keys: z.object({ p256dh: Base64Url(PUSH_P256DH_LENGTH), auth: Base64Url(PUSH_AUTH_LENGTH) }).strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushUnsubscribeSchema = z
  .object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH) })
  .strict();

/** The backend's VAPID public key (null: it sends no pushes) and how many browsers the user subscribed. */
export const PushSettingsSchema = z.object({
  applicationServerKey: z.string().nullable(),
  subscriptions: z.number().int().nonnegative(),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;

export const UserDateFormatSchema = z.object({
  id: z.string(),
  datePattern: z.string(),
  pattern: z.string(),
});

export const TimeZoneIdSchema = z
  .string()
  .max(64)
  .refine(
    (id) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: id });
        return true;
      } catch {
        return false;
      }
    },
    { message: "Unknown time zone" },
  );

export const CurrentUserSchema = z.object({
  id: Id,
  login: z.string(),
  name: z.string(),
  guest: z.boolean(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  avatarType: z.enum(["default", "custom"]),
  requiredTwoFactorAuthentication: z.boolean(),
  twoFactorAuthentication: z.object({ enabled: z.boolean() }),
  webauthnDevice: z.object({ enabled: z.boolean() }),
  userType: z.object({ id: z.enum(USER_TYPES) }),
  featureFlags: z.array(z.object({ id: z.string(), enabled: z.boolean() })),
  widgets: z.array(WidgetEntrySchema),
  profiles: z.object({
    appearance: AppearanceProfileSchema,
    keel: KeelProfileSchema.optional(),
    general: z.object({
      locale: z.object({ language: z.string(), locale: z.string() }),
      // Always there on the real backend; a backend without them shows dates in UTC, the first format.
      dateFieldFormat: UserDateFormatSchema.optional(),
      timezone: z.object({ id: z.string() }).optional(),
    }),
    helpdesk: z.object({
      helpdeskFolder: z.object({ id: Id }).nullable(),
      isReporter: z.boolean(),
    }),
    timetracking: z.object({ isTimeTrackingAvailable: z.boolean() }),
    tips: z.object({
      showPricingAdminPopup: z.boolean(),
      pricingAdminPopupShown: z.boolean(),
      showTips: z.boolean(),
    }),
  }),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const AppearanceUpdateSchema = AppearanceProfileSchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, {
    message: "Give at least one of uiTheme, expandNavigation, showTooltips",
  });
export type AppearanceUpdate = z.infer<typeof AppearanceUpdateSchema>;

export const GeneralProfileUpdateSchema = z
  .object({
    locale: z
      .object({ language: z.enum(LOCALES), locale: z.string().regex(/^[a-z]{2}([_-][A-Za-z]{2})?$/) })
      .strict(),
    dateFieldFormat: z.object({ id: z.enum(DATE_FORMAT_IDS) }).strict(),
    timezone: z.object({ id: TimeZoneIdSchema }).strict(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, {
    message: "Give at least one of locale, dateFieldFormat, timezone",
  });
export type GeneralProfileUpdate = z.infer<typeof GeneralProfileUpdateSchema>;
export const GeneralProfileSchema = z.object({
  locale: z.object({ language: z.string(), locale: z.string() }),
  dateFieldFormat: UserDateFormatSchema.optional(),
  timezone: z.object({ id: z.string() }).optional(),
});

export const TipsUpdateSchema = z
  .object({ pricingAdminPopupShown: z.boolean(), showTips: z.boolean() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Give pricingAdminPopupShown or showTips" });
export type TipsUpdate = z.infer<typeof TipsUpdateSchema>;
export const TipsProfileSchema = z.object({
  showPricingAdminPopup: z.boolean(),
  pricingAdminPopupShown: z.boolean(),
  showTips: z.boolean(),
});

export const AnalyticsProfileSchema = z.object({
  analyticsId: z.string().nullable(),
});

export const PermissionEntrySchema = z.object({
  global: z.boolean(),
  permission: z.object({ key: z.string() }),
  projects: z.array(
    z.object({
      id: Id,
      projectType: z.object({ id: z.enum(PROJECT_TYPES) }),
    }),
  ),
});
export const PermissionCacheSchema = z.array(PermissionEntrySchema);
export type PermissionEntry = z.infer<typeof PermissionEntrySchema>;

export {
  InboxFolderIdSchema,
  InboxFolderSchema,
  InboxFoldersSchema,
  InboxStreamReadySchema,
  type InboxFolder,
} from "./api-inbox.ts";

export const FolderUpdateSchema = z
  .object({ id: z.optional(InboxFolderIdSchema), lastSeen: EpochMs })
  .strict();
export const LastSeenUpdateSchema = z.object({ lastSeen: EpochMs }).strict();

export const InboxMessageSchema = z.object({
  id: Id,
  author: z.object({ login: z.string(), name: z.string() }).nullable(),
  text: z.string(),
  timestamp: EpochMs,
  read: z.boolean(),
});

export const InboxThreadSchema = z.object({
  id: Id,
  folder: z.object({ id: InboxFolderIdSchema }),
  type: z.enum(["mention", "reaction", "subscription"]),
  subject: z.string(),
  issue: z.object({ idReadable: z.string() }).nullable(),
  muted: z.boolean(),
  unread: z.boolean(),
  updated: EpochMs,
  messages: z.array(InboxMessageSchema),
});
export const InboxThreadsSchema = z.array(InboxThreadSchema);
export type InboxThread = z.infer<typeof InboxThreadSchema>;

const QueryBoolean = z.enum(["true", "false"]).transform((v) => v === "true");
/** A whole number written in decimal digits; `""`, `0x2` and `1e3` are refused. */
const queryInteger = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const ThreadsQuerySchema = z
  .object({
    $top: queryInteger(1, 100).default(16),
    $skip: queryInteger(0, 100_000).default(0),
    folder: z.enum(["direct", "subscription"]).optional(),
    unreadOnly: QueryBoolean.optional(),
    reverse: QueryBoolean.optional(),
    end: queryInteger(0, Number.MAX_SAFE_INTEGER).optional(),
    fields: z.string().max(4096).optional(),
  })
  .strict();

export const ThreadUpdateSchema = z.object({ muted: z.boolean() }).strict();
/** A notification sent to a user's inbox (administrators; the demo's way to make news). */
export const NewThreadSchema = z
  .object({
    recipient: z.object({ login: z.string().min(1).max(100) }),
    folder: z.object({ id: z.enum(["direct", "subscription"]) }).default({ id: "direct" }),
    type: z.enum(["mention", "reaction", "subscription"]).default("mention"),
    subject: z.string().trim().min(1).max(300),
    text: z.string().trim().min(1).max(10_000),
    issue: z
      .object({ idReadable: z.string().min(1).max(50) })
      .nullable()
      .default(null),
  })
  .strict();
export type NewThread = z.input<typeof NewThreadSchema>;
export const MarkThreadSchema = z
  .object({ thread: z.object({ id: Id }).loose(), read: z.boolean() })
  .strict();
export const ThreadUpdateResultSchema = z.object({ id: Id, muted: z.boolean() });
export const MarkThreadResultSchema = z.object({ read: z.boolean() });
export const MarkAllResultSchema = z.object({ read: z.boolean(), updated: z.number().int().nonnegative() });
export const MarkAllSchema = z
  .object({
    read: z.boolean(),
    folder: z.object({ id: z.enum(["direct", "subscription"]) }).optional(),
  })
  .strict();

const EventFieldValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export const AnalyticsEventSchema = z
  .object({
    group: z.string().regex(/^[a-z][a-z0-9._-]{0,63}$/i, "group must be an identifier"),
    event: z.string().regex(/^[a-z][a-z0-9._-]{0,127}$/i, "event must be an identifier"),
    timestamp: EpochMs,
    eventFields: z
      .array(z.object({ name: z.string().min(1).max(64), value: EventFieldValue }).strict())
      .max(64),
    clientData: z.record(z.string().max(64), EventFieldValue),
  })
  .strict()
  .refine((e) => new TextEncoder().encode(JSON.stringify(e)).length <= ANALYTICS_MAX_EVENT_BYTES, {
    message: "An event may be at most 32 KB",
  });
export const AnalyticsBatchSchema = z.array(AnalyticsEventSchema).min(1).max(1000);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const StatisticsSchema = z.object({
  days: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  groups: z.array(z.object({ group: z.string(), counts: z.array(z.number().int().nonnegative()) })),
  total: z.number().int().nonnegative(),
});
export type Statistics = z.infer<typeof StatisticsSchema>;
export const StatisticsQuerySchema = z
  .object({
    days: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(90))
      .optional(),
    fields: z.string().max(4096).optional(),
  })
  .strict();

export const UserAgreementSchema = z.object({
  enabled: z.boolean(),
  text: z.string(),
  majorVersion: z.number().int().nonnegative(),
  minorVersion: z.number().int().nonnegative(),
  requiredForREST: z.boolean(),
});
export type UserAgreement = z.infer<typeof UserAgreementSchema>;

export const ConsentSchema = z.object({
  accepted: z.boolean(),
  majorVersion: z.number().int().nonnegative(),
  minorVersion: z.number().int().nonnegative(),
});
export type Consent = z.infer<typeof ConsentSchema>;

export const HubPublicSettingsSchema = z.object({
  endUserAgreement: UserAgreementSchema,
});

export const HubMeSchema = z.object({
  id: Id,
  login: z.string(),
  name: z.string(),
  guest: z.boolean(),
  endUserAgreementConsent: ConsentSchema.nullable(),
});
export type HubMe = z.infer<typeof HubMeSchema>;

export const ConsentUpdateSchema = ConsentSchema.strict();

export const MAX_HUB_USERS_PAGE = 500;

/** GET hub/api/rest/users: a page of the accounts, in login order. */
export const HubUsersQuerySchema = z
  .object({
    $top: queryInteger(1, MAX_HUB_USERS_PAGE).default(100),
    $skip: queryInteger(0, 100_000).default(0),
    fields: z.string().max(4096).optional(),
  })
  .strict();

export const HubUserListItemSchema = z.object({
  id: Id,
  login: z.string(),
  name: z.string(),
  guest: z.boolean(),
  banned: z.boolean(),
});
export const HubUsersPageSchema = z.object({
  skip: z.number().int().nonnegative(),
  top: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  users: z.array(HubUserListItemSchema),
});

export const MAX_HUB_GROUPS_PAGE = 500;

/** GET hub/api/rest/usergroups: a page of the groups, in name order. */
export const HubUserGroupsQuerySchema = z
  .object({
    $top: queryInteger(1, MAX_HUB_GROUPS_PAGE).default(100),
    $skip: queryInteger(0, 100_000).default(0),
    fields: z.string().max(4096).optional(),
  })
  .strict();

export const HubUserGroupSchema = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  /** Members, whether in the group itself or in one of its subgroups. */
  userCount: z.number().int().nonnegative(),
});
export const HubUserGroupsPageSchema = z.object({
  skip: z.number().int().nonnegative(),
  top: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  usergroups: z.array(HubUserGroupSchema),
});

export const HubQuerySchema = z
  .object({
    fields: z.string().max(4096).optional(),
    failOnPermissionReduce: QueryBoolean.optional(),
  })
  .strict();

/** An issue's custom field as a page shows it: its value is a person, an element of a set, or plain. */
export const IssueFieldSchema = z.object({
  name: z.string(),
  value: z.union([
    z.object({ login: z.string(), fullName: z.string() }),
    z.object({
      name: z.string(),
      // The backend's translation of its own values into the reader's language, when it has one.
      localizedName: z.string().nullable().optional(),
      color: z.object({ background: z.string(), foreground: z.string() }).nullable().optional(),
      isResolved: z.boolean().optional(),
    }),
    z.string(),
    z.number(),
    z.null(),
  ]),
  projectCustomField: z.object({
    emptyFieldText: z.string().nullable(),
    field: z.object({
      localizedName: z.string().nullable().optional(),
      fieldType: z.object({ valueType: z.string() }),
    }),
  }),
});
export type IssueField = z.infer<typeof IssueFieldSchema>;

/** A comment as the activity stream pages it: `GET issues/{id}/activitiesPage?categories=CommentsCategory`. */
export const CommentActivitySchema = z.object({
  id: Id,
  timestamp: EpochMs,
  author: z.object({ login: z.string(), fullName: z.string() }).nullable(),
  added: z.array(z.object({ id: Id, text: z.string() })).max(1),
});
export const CommentsPageSchema = z.object({ activities: z.array(CommentActivitySchema) });
export type CommentActivity = z.infer<typeof CommentActivitySchema>;

export const IssueSchema = z.object({
  id: Id,
  idReadable: z.string(),
  summary: z.string(),
  description: z.string(),
  resolved: EpochMs.nullable(),
  created: EpochMs,
  updated: EpochMs,
  project: z.object({ id: Id, shortName: z.string(), name: z.string() }),
  reporter: z.object({ login: z.string(), name: z.string() }),
  customFields: z.array(IssueFieldSchema).max(100),
});
export const IssuesSchema = z.array(IssueSchema);
export type Issue = z.infer<typeof IssueSchema>;

export const ArticleSchema = z.object({
  id: Id,
  idReadable: z.string(),
  summary: z.string(),
  content: z.string(),
  created: EpochMs,
  updated: EpochMs,
  project: z.object({ id: Id, shortName: z.string(), name: z.string() }),
  reporter: z.object({ login: z.string(), name: z.string() }),
});
export const ArticlesSchema = z.array(ArticleSchema);
export type Article = z.infer<typeof ArticleSchema>;

export const ListQuerySchema = z
  .object({
    $top: queryInteger(1, 500).default(50),
    $skip: queryInteger(0, 100_000).default(0),
    /** Words that must all appear in the id or summary, any case. */
    query: z.string().trim().max(200).optional(),
    fields: z.string().max(4096).optional(),
  })
  .strict();

export const IssueUpdateSchema = z.object({ description: z.string().max(100_000) }).strict();
export type IssueUpdate = z.infer<typeof IssueUpdateSchema>;

export const ArticleUpdateSchema = z.object({ content: z.string().max(100_000) }).strict();
export type ArticleUpdate = z.infer<typeof ArticleUpdateSchema>;

/** A comma-separated list of at most 100 names, for one batched lookup per rendered text. */
const MentionList = z
  .string()
  .max(10_000)
  .transform((value) => value.split(",").filter(Boolean))
  .pipe(z.array(z.string().max(100)).max(100, "at most 100 names per lookup"));

export const MentionsQuerySchema = z
  .object({
    /** Readable ids of tickets and articles (DEMO-1, DEMO-A-1). */
    ids: MentionList.optional(),
    logins: MentionList.optional(),
    fields: z.string().max(4096).optional(),
  })
  .strict();

/** What the mentions of one text resolve to: only what the caller may read. */
export const MentionsSchema = z.object({
  issues: z.array(
    z.object({ id: Id, idReadable: z.string(), summary: z.string(), resolved: EpochMs.nullable() }),
  ),
  articles: z.array(z.object({ id: Id, idReadable: z.string(), summary: z.string() })),
  users: z.array(z.object({ id: Id, login: z.string(), name: z.string(), profileUrl: z.string() })),
});
export type Mentions = z.infer<typeof MentionsSchema>;

/** The real product's error body, with the validation issues added. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  error_description: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const NoQuerySchema = z.object({}).strict();

export const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The query every read accepts; unknown parameters are refused. */
export const ReadQuerySchema = z
  .object({
    fields: z.string().max(4096).optional(),
    ignoreLicenseErrors: QueryBoolean.optional(),
  })
  .strict();

export const ProjectTemplateSchema = z.enum(PROJECT_TEMPLATES, { message: "Choose a template" });
export type ProjectTemplate = z.infer<typeof ProjectTemplateSchema>;

export const ProjectNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a project name")
  .max(80, "Use at most 80 characters");

/** The prefix of the project's issue ids (DEMO-1): stored upper-case. */
export const ProjectShortNameSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(2, "Use at least 2 characters")
  .max(10, "Use at most 10 characters")
  .regex(/^[A-Z][A-Z0-9_]*$/, "Start with a letter and use only letters, digits and underscores");

export const ProjectCreateSchema = z
  .object({ name: ProjectNameSchema, shortName: ProjectShortNameSchema, template: ProjectTemplateSchema })
  .strict();
export type ProjectCreate = z.infer<typeof ProjectCreateSchema>;

export const InviteeKindSchema = z.enum(["user", "email", "group"]);
export type InviteeKind = z.infer<typeof InviteeKindSchema>;

export const ProjectInvitationSchema = z.object({
  invitee: z.string(),
  kind: InviteeKindSchema,
  /** added: an existing account became a member; invited: an invitation e-mail went out. */
  status: z.enum(["added", "invited"]),
});

export const ProjectSchema = z.object({
  id: Id,
  shortName: z.string(),
  name: z.string(),
  template: ProjectTemplateSchema,
  projectType: z.object({ id: z.enum(PROJECT_TYPES) }),
  timeTrackingEnabled: z.boolean(),
  invitations: z.array(ProjectInvitationSchema),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectLeaderSchema = z.object({ id: Id, login: z.string(), name: z.string() });

export const ProjectListItemSchema = z.object({
  id: Id,
  shortName: z.string(),
  name: z.string(),
  description: z.string(),
  leader: ProjectLeaderSchema.nullable(),
  archived: z.boolean(),
});
export const ProjectListSchema = z.array(ProjectListItemSchema);
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

export const MAX_PROJECTS_PAGE = 500;

/** GET api/admin/projects: a page of the projects the caller may see, in name order. */
export const ProjectListQuerySchema = z
  .object({
    $top: queryInteger(1, MAX_PROJECTS_PAGE).default(100),
    $skip: queryInteger(0, 100_000).default(0),
    fields: z.string().max(4096).optional(),
    ignoreLicenseErrors: QueryBoolean.optional(),
  })
  .strict();

/** Groups are named with this prefix wherever logins and e-mail addresses are also accepted. */
export const GROUP_PREFIX = "group:";
const LOGIN_PATTERN = /^[\p{L}\p{N}._-]{1,100}$/u;

/** What an invitee names, or null when it is none of a login, an e-mail address or a group. */
export function inviteeKind(invitee: string): InviteeKind | null {
  if (invitee.startsWith(GROUP_PREFIX)) {
    return invitee.slice(GROUP_PREFIX.length).trim().length > 0 ? "group" : null;
  }
  if (invitee.includes("@")) return z.email().safeParse(invitee).success ? "email" : null;
  return LOGIN_PATTERN.test(invitee) ? "user" : null;
}

export const MAX_INVITEES = 50;
export const InvitationsRequestSchema = z
  .object({ invitees: z.array(z.string().trim().min(1).max(200)).min(1).max(MAX_INVITEES) })
  .strict();

export const InviteFailureKindSchema = z.enum(INVITE_FAILURE_KINDS);
export type InviteFailureKind = z.infer<typeof InviteFailureKindSchema>;

export const InvitationsResultSchema = z.object({
  invited: z.array(ProjectInvitationSchema),
  failed: z.array(z.object({ invitee: z.string(), kind: InviteFailureKindSchema, message: z.string() })),
});
export type InvitationsResult = z.infer<typeof InvitationsResultSchema>;

export const TimeTrackingSettingsSchema = z.object({ enabled: z.boolean() });
export const TimeTrackingUpdateSchema = TimeTrackingSettingsSchema.strict();

/** year.month, as in 2025.3; the month has no leading zero. */
export { WhatsNewVersionIdSchema } from "./api-shell.ts";

export const WhatsNewFeatureSchema = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(400),
});
export type WhatsNewFeature = z.infer<typeof WhatsNewFeatureSchema>;

export const WhatsNewVersionSchema = z.object({
  id: WhatsNewVersionIdSchema,
  features: z.array(WhatsNewFeatureSchema).min(1),
});
export type WhatsNewVersion = z.infer<typeof WhatsNewVersionSchema>;

export const WhatsNewSchema = z.object({ versions: z.array(WhatsNewVersionSchema) });
export type WhatsNew = z.infer<typeof WhatsNewSchema>;

/** A widget's size wish in px (every place but the dashboard and Markdown); null where the manifest has none. */
export const AppExpectedDimensionsSchema = z.object({
  width: z.number().nullable(),
  height: z.number().nullable(),
});
/** A dashboard or Markdown widget's default size: px, or "100px", "40%", "8fr"; null where the manifest has none. */
const AppSize = z.union([z.number(), z.string()]).nullable();
export const AppDefaultDimensionsSchema = z.object({ width: AppSize, height: AppSize });

export const AppWidgetEntrySchema = z.object({
  id: Id,
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Any string: a place Keel does not know is kept, and the widget is not shown. */
  extensionPoint: z.string(),
  /** Relative to the package's widgets/ folder, as in the manifest. */
  indexPath: z.string(),
  /** `api/appResources/{appId}/{iconPath}`, relative to the backend's root. */
  iconUrl: z.string().nullable(),
  permissions: z.array(z.string()),
  /** JavaScript the host evaluates against the entity; the backend only stores it. */
  guard: z.string().nullable(),
  showHeader: z.boolean(),
  settingsSchemaPath: z.string().nullable(),
  expectedDimensions: AppExpectedDimensionsSchema.nullable(),
  defaultDimensions: AppDefaultDimensionsSchema.nullable(),
});
export type AppWidgetEntry = z.infer<typeof AppWidgetEntrySchema>;

export const AppEntrySchema = z.object({
  id: Id,
  name: z.string(),
  title: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  vendor: z.object({ name: z.string(), url: z.string().nullable() }).nullable(),
  widgets: z.array(AppWidgetEntrySchema),
});
export type AppEntry = z.infer<typeof AppEntrySchema>;

export const AppListSchema = z.array(AppEntrySchema);

export const AppNameParamsSchema = z.object({ name: z.string().min(1).max(100) });

/** The widget `storage` API: per user and app, strings only, keys and values together at most 1 MB. */
export const WIDGET_STORAGE_QUOTA_BYTES = 1024 * 1024;
export const WIDGET_STORAGE_RESERVED_PREFIX = "__meta:";
/** What a handler may keep in one entity's (or the app's global) extensionProperties, as JSON. */
export const MAX_EXTENSION_PROPERTIES_BYTES = 64 * 1024;
export const MAX_EMBEDDING_CONFIG_BYTES = 64 * 1024;
// In constants.ts, which the dashboard's page reads without zod.
export { DASHBOARD_TILE_HEIGHT, DASHBOARD_TILE_WIDTH, MAX_DASHBOARD_TILES };

export const AppParamsSchema = z.object({ name: z.string().min(1).max(100) });
export const AppStorageKeyParamsSchema = AppParamsSchema.extend({ key: z.string().min(1).max(4096) });

export const AppStorageKeysSchema = z.object({ keys: z.array(z.string()) });
export type AppStorageKeys = z.infer<typeof AppStorageKeysSchema>;
export const AppStorageValueSchema = z.object({ value: z.string().nullable() });
export type AppStorageValue = z.infer<typeof AppStorageValueSchema>;
export const AppStorageWriteSchema = z.object({ value: z.string() }).strict();
export type AppStorageWrite = z.infer<typeof AppStorageWriteSchema>;

/** Methods whose widget requests need the user's confirmation, and so can be remembered. */
export const DECIDED_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export const DecidedMethodSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.toUpperCase() : value),
  z.enum(DECIDED_METHODS),
);
export type DecidedMethod = (typeof DECIDED_METHODS)[number];
export const RequestDecisionParamsSchema = AppParamsSchema.extend({ method: DecidedMethodSchema });
export const RequestDecisionsSchema = z.object({ always: z.array(z.enum(DECIDED_METHODS)) });
export type RequestDecisions = z.infer<typeof RequestDecisionsSchema>;
export const RequestDecisionWriteSchema = z.object({ decision: z.literal("always") }).strict();

/** Embedding and dashboard tile ids: the host makes them, one id names a tile and its embedding. */
export const EmbeddingIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "An id is 1 to 64 letters, digits, - or _");
export const EmbeddingParamsSchema = AppParamsSchema.extend({ id: EmbeddingIdSchema });
/** An embedding in an issue's or article's text: `{issues,articles}/{entityId}/apps/{name}/embeddings/{id}`. */
export const TextEmbeddingParamsSchema = EmbeddingParamsSchema.extend({
  entityId: z.string().min(1).max(200),
});
const WidgetKey = z.string().min(1).max(100);

export const EmbeddingSchema = z.object({
  id: EmbeddingIdSchema,
  widgetKey: WidgetKey,
  config: z.json().nullable(),
});
export type Embedding = z.infer<typeof EmbeddingSchema>;
export const EmbeddingWriteSchema = z.object({ widgetKey: WidgetKey, config: z.json().nullable() }).strict();
export type EmbeddingWrite = z.infer<typeof EmbeddingWriteSchema>;

export const DashboardTileSchema = z.object({
  id: EmbeddingIdSchema,
  appName: z.string().min(1).max(100),
  widgetKey: WidgetKey,
  width: z
    .number()
    .int()
    .min(DASHBOARD_TILE_WIDTH.min)
    .max(DASHBOARD_TILE_WIDTH.max)
    .default(DASHBOARD_TILE_WIDTH.default),
  height: z
    .number()
    .int()
    .min(DASHBOARD_TILE_HEIGHT.min)
    .max(DASHBOARD_TILE_HEIGHT.max)
    .default(DASHBOARD_TILE_HEIGHT.default),
  collapsed: z.boolean().default(false),
});
export type DashboardTile = z.infer<typeof DashboardTileSchema>;
const tileList = <T extends z.ZodType<{ id: string }>>(tile: T) =>
  z
    .array(tile)
    .max(MAX_DASHBOARD_TILES)
    .refine((tiles) => new Set(tiles.map((t) => t.id)).size === tiles.length, "Tile ids must be unique");
export const DashboardSchema = z.object({ tiles: tileList(DashboardTileSchema) });
export type Dashboard = z.infer<typeof DashboardSchema>;
/** A write refuses unknown keys, in the dashboard and in each tile. */
export const DashboardWriteSchema = z.object({ tiles: tileList(DashboardTileSchema.strict()) }).strict();
export type DashboardWrite = z.input<typeof DashboardWriteSchema>;
