// The demo data, shared by the seed and the tests. Deterministic: the same
// input always yields the same rows, tokens and password hashes.
import { createHash } from "node:crypto";
import { BUILD_NUMBER } from "../app/lib/constants.ts";
import { FEATURE_FLAG, PERMISSION } from "#contract/constants.ts";
import type { Configuration, UserAgreement } from "#contract/api.ts";
import { formatPermanentToken, hashPassword } from "../mock-backend/auth.ts";
import { BACKEND_SERVICE_ID } from "../mock-backend/identity/routes.ts";

export const DEMO_PASSWORD = "demo";

/** A fixed point in time so that every seeded timestamp is the same on every machine. */
export const SEED_EPOCH = Date.UTC(2026, 10, 1, 9, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function demoTokenSecret(login: string): string {
  return createHash("sha256").update(`keel-demo-token:${login}`).digest("base64url").slice(0, 30);
}

export function demoToken(login: string): string {
  return formatPermanentToken(login, "Keel demo", demoTokenSecret(login));
}

export function demoPasswordHash(login: string): string {
  return hashPassword(DEMO_PASSWORD, `keel-demo-${login}`);
}

export function demoConfiguration(overrides: Partial<Configuration> = {}): Configuration {
  const parts = BUILD_NUMBER.split(".");
  return {
    version: parts.slice(0, 2).join("."),
    build: parts.slice(2).join("."),
    releaseDate: Date.UTC(2025, 9, 11),
    defaultPage: null,
    contextPath: "",
    hosted: { hosted: false, domain: null, availabilityZone: null },
    ring: {
      url: "/hub",
      serviceId: BACKEND_SERVICE_ID,
      searchBotToken: null,
      hasEmbeddedHub: true,
      broken: false,
      enabled: true,
      services: { dashboard: { homeUrl: "/dashboard" } },
    },
    l10n: { isRTL: false, locale: "en_US", language: "en", predefinedQueries: {} },
    system: { ssePingTimeoutMs: 300_000, maxUploadFileSize: 10_485_760, maxExportItems: 500 },
    statisticsEnabled: true,
    readOnly: false,
    licenseError: null,
    logoUrl: null,
    wideLogoUrl: null,
    squareLogoUrl: null,
    featuresUrl: null,
    marketplaceBaseUrl: null,
    helpdeskEnabled: true,
    redirectToWelcomeForm: false,
    shortcuts: { id: "default" },
    konnector: { telegramBotUrl: null, url: null },
    banners: {
      globalBanner:
        "**Scheduled maintenance** on Saturday from 22:00 UTC: Keel may be unavailable for up to 30 minutes.",
      globalBannerEnabled: true,
      systemEventsBanners: [
        {
          id: "reindex-2026-11",
          text: "Search is being **reindexed**: results may be incomplete until the reindex finishes.",
        },
      ],
    },
    ...overrides,
  };
}

export const DEMO_AGREEMENT: UserAgreement = {
  enabled: true,
  majorVersion: 1,
  minorVersion: 0,
  requiredForREST: false,
  text: [
    "# Keel user agreement",
    "",
    "Version 1.0. By using Keel you agree to the following terms.",
    "",
    ...Array.from({ length: 12 }, (_, i) =>
      [
        `## ${i + 1}. ${["Use of the service", "Your content", "Privacy", "Security", "Availability", "Support", "Fees", "Termination", "Liability", "Changes", "Law", "Contact"][i]}`,
        "",
        "You use the service in line with these terms and the law. Content you create remains yours; you grant",
        "the operator the rights needed to store, show and back it up for you and for the people you share it with.",
        "",
      ].join("\n"),
    ),
    "Scroll to the end to accept.",
  ].join("\n"),
};

export const FEATURE_FLAGS = [
  { id: FEATURE_FLAG.PLANNING_CANVAS, description: "Planning canvas" },
  { id: FEATURE_FLAG.AI_ASSISTANT, description: "AI assistant" },
  { id: FEATURE_FLAG.NEW_ROLES, description: "New roles administration" },
  { id: FEATURE_FLAG.NEW_VCS_ADMIN, description: "New version-control administration" },
  { id: FEATURE_FLAG.REPORTS_REMAKE, description: "Reports remake" },
  { id: FEATURE_FLAG.ERROR_REPORTING, description: "Error reporting service" },
];

export const PROJECTS = [
  {
    id: "0-1",
    shortName: "DEMO",
    name: "Demo project",
    projectType: "DEFAULT",
    description: "The team's product work: features, bugs and the release plan.",
  },
  {
    id: "0-2",
    shortName: "SUP",
    name: "Support desk",
    projectType: "HELPDESK",
    description: "Questions and problems from customers, answered by the support team.",
  },
] as const;

/** Who leads each seeded project, by project id: a demo user's login. */
export const PROJECT_LEADERS: Readonly<Record<string, string>> = { "0-1": "admin", "0-2": "admin" };

const ALL_PERMISSIONS = Object.values(PERMISSION);

export interface DemoUser {
  id: string;
  login: string;
  name: string;
  email: string | null;
  userType: "STANDARD_USER" | "REPORTER";
  requiredTwoFactorAuthentication?: boolean;
  timeTrackingAvailable?: boolean;
  helpdeskFolderId?: string;
  showPricingAdminPopup?: boolean;
  analyticsId?: string;
  flags: Partial<Record<string, boolean>>;
  grants: { key: string; project: string | null }[];
  consent: boolean;
  /** Whether the inbox's messages are unread and its folders not seen since the day before the seed. */
  unreadInbox?: boolean;
  /** profiles.general.locale; the seeded users keep the column defaults (English). */
  locale?: { locale: string; language: string };
  description: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: "1-1",
    login: "admin",
    name: "Ada Admin",
    email: "admin@keel.example",
    userType: "STANDARD_USER",
    timeTrackingAvailable: true,
    helpdeskFolderId: "hf-admin",
    showPricingAdminPopup: true,
    analyticsId: "an-admin-0001",
    flags: { [FEATURE_FLAG.PLANNING_CANVAS]: true, [FEATURE_FLAG.AI_ASSISTANT]: true },
    grants: ALL_PERMISSIONS.map((key) => ({ key, project: null })),
    consent: true,
    description:
      "every permission, planning canvas and AI assistant, helpdesk folder, has accepted the agreement",
  },
  {
    id: "1-2",
    login: "alice",
    name: "Alice Member",
    email: "alice@keel.example",
    userType: "STANDARD_USER",
    timeTrackingAvailable: true,
    analyticsId: "an-alice-0002",
    flags: { [FEATURE_FLAG.PLANNING_CANVAS]: false, [FEATURE_FLAG.AI_ASSISTANT]: true },
    grants: [
      PERMISSION.READ_ISSUE,
      PERMISSION.CREATE_ISSUE,
      PERMISSION.READ_ARTICLE,
      PERMISSION.CREATE_ARTICLE,
      PERMISSION.READ_REPORT,
      PERMISSION.PROJECT_READ,
      PERMISSION.READ_WORK_ITEM,
      PERMISSION.CREATE_WORK_ITEM,
    ].map((key) => ({ key, project: "0-1" })),
    consent: false,
    unreadInbox: true,
    description: "member of DEMO, AI assistant on, unread inbox items, has not accepted the agreement",
  },
  {
    id: "1-3",
    login: "rachel",
    name: "Rachel Reporter",
    email: "rachel@keel.example",
    userType: "REPORTER",
    helpdeskFolderId: "hf-rachel",
    flags: {},
    grants: [
      { key: PERMISSION.READ_ISSUE, project: "0-2" },
      { key: PERMISSION.CREATE_ISSUE, project: "0-2" },
      { key: PERMISSION.READ_ARTICLE, project: null },
    ],
    consent: true,
    description: "reporter: reads and creates tickets in the helpdesk project SUP, reads articles",
  },
  {
    id: "1-4",
    login: "tom",
    name: "Tom Twofactor",
    email: "tom@keel.example",
    userType: "STANDARD_USER",
    requiredTwoFactorAuthentication: true,
    flags: {},
    grants: [
      { key: PERMISSION.READ_ISSUE, project: "0-1" },
      { key: PERMISSION.READ_ARTICLE, project: "0-1" },
    ],
    consent: true,
    description: "must use two-factor authentication and has no method enabled",
  },
];

/**
 * A user made like the demo user `template` (its kind, permissions, flags, consent and inbox) under another
 * login and id: the end-to-end tests give each test users of its own this way.
 */
export function demoUserLike(
  template: string,
  identity: { id: string; login: string },
  overrides: Partial<Omit<DemoUser, "id" | "login">> = {},
): DemoUser {
  const user = DEMO_USERS.find((u) => u.login === template);
  if (!user) throw new Error(`No demo user ${template}`);
  return {
    ...user,
    ...identity,
    email: user.email === null ? null : `${identity.login}@keel.example`,
    helpdeskFolderId: user.helpdeskFolderId === undefined ? undefined : `hf-${identity.login}`,
    analyticsId: user.analyticsId === undefined ? undefined : `an-${identity.login}`,
    ...overrides,
  };
}

/** Reads the public project DEMO only: guest access is granted project by project, never globally. */
export const GUEST = {
  id: "1-0",
  login: "guest",
  name: "Guest",
  grants: [
    { key: PERMISSION.READ_ISSUE, project: "0-1" },
    { key: PERMISSION.READ_ARTICLE, project: "0-1" },
  ],
};

/** The identity service's groups and their members, by login. */
export const DEMO_GROUPS: readonly { id: string; name: string; description: string; members: string[] }[] = [
  {
    id: "25-1",
    name: "Administrators",
    description: "Manage projects, accounts and the server's settings.",
    members: ["admin"],
  },
  {
    id: "25-2",
    name: "Developers",
    description: "Plan, build and ship the product in project DEMO.",
    members: ["admin", "alice", "tom"],
  },
  {
    id: "25-3",
    name: "Support agents",
    description: "Answer customers' tickets in the helpdesk project SUP.",
    members: ["admin", "alice"],
  },
  {
    id: "25-4",
    name: "Customers",
    description: "People who report problems through the helpdesk.",
    members: ["rachel"],
  },
];

const ISSUE_TEXTS: {
  project: string;
  summary: string;
  reporter: string;
  resolved?: boolean;
  description: string;
}[] = [
  {
    project: "0-1",
    summary: "Navigation collapses on narrow screens",
    reporter: "alice",
    description: [
      "## Steps to reproduce",
      "",
      "1. Open Keel at **760 px** wide or less.",
      "2. Click the hamburger menu.",
      "",
      "- [x] Reproduced in Chromium",
      "- [ ] Reproduced in Firefox",
      "",
      "| Width | Expected | Actual |",
      "|------:|----------|--------|",
      "| 1280 | left bar | left bar |",
      "| 760 | top bar | ~~left bar~~ top bar |",
      "",
      "Related to DEMO-2, reported by @admin. Accent colour #3B82F6 looks off.",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "Render formulas in the description",
    reporter: "admin",
    description: [
      "Inline math such as $e^{i\\pi} + 1 = 0$ and a display formula:",
      "",
      "$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$",
      "",
      "Prices like $100 stay text.",
      "",
      "```mermaid",
      "graph LR; Open --> InProgress --> Done",
      "```",
      "",
      "The formulas follow the release checklist, see DEMO-1:",
      "",
      "![Release checklist](/demo/release-checklist.pdf)",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "Dark theme contrast of links",
    reporter: "alice",
    resolved: true,
    description:
      "Links in the dark theme need a contrast ratio of at least 4.5:1. See https://www.w3.org/TR/WCAG22/.",
  },
  {
    project: "0-1",
    summary: "Keyboard shortcut for quick search",
    reporter: "admin",
    description:
      'Press `Ctrl+K` (or `Cmd+K` on macOS) to open quick search.\n\n```ts\nconst shortcut = { ctrl: true, key: "k" };\n```',
  },
  {
    project: "0-2",
    summary: "Cannot sign in from the mobile app",
    reporter: "rachel",
    description:
      "After the update the app says *Session expired* right after signing in.\n\n> It worked yesterday.",
  },
  {
    project: "0-2",
    summary: "Invoice shows the wrong currency",
    reporter: "rachel",
    description:
      "The invoice for October shows **USD** instead of **EUR**.\n\n![Screenshot](/favicon.svg){width=120}",
  },
];

const ARTICLE_TEXTS: { project: string; summary: string; content: string }[] = [
  {
    project: "0-1",
    summary: "Getting started with Keel",
    content: [
      "# Welcome",
      "",
      "Keel keeps **issues**, *articles* and dashboards in one place.",
      "",
      "## First steps",
      "",
      "- [ ] Read the [Markdown reference](/markup)",
      "- [ ] Create your first issue",
      "",
      "Watch the tour: https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "Team conventions",
    content:
      "## Naming\n\nIssues start with a verb. Mention teammates with @alice.\n\n```sql\nSELECT id FROM issues WHERE resolved IS NULL;\n```" +
      // An app widget embedded in the text (the team-pulse sample app's MARKDOWN widget).
      "\n\n## This week\n\n{{widget team-pulse:pulse-embed:team-conventions-pulse}}",
  },
  {
    project: "0-2",
    summary: "How to reach support",
    content:
      "Write to the **Support desk** project. We answer within one working day.\n\n| Plan | Response time |\n|---|---|\n| Free | 3 days |\n| Team | 1 day |",
  },
];

export function demoIssues() {
  return ISSUE_TEXTS.map((text, i) => {
    const project = PROJECTS.find((p) => p.id === text.project);
    const number = ISSUE_TEXTS.slice(0, i + 1).filter((t) => t.project === text.project).length;
    const reporter = DEMO_USERS.find((u) => u.login === text.reporter);
    const created = SEED_EPOCH - (ISSUE_TEXTS.length - i) * DAY;
    return {
      id: `2-${i + 1}`,
      idReadable: `${project?.shortName}-${number}`,
      projectId: text.project,
      reporterId: reporter?.id ?? "1-1",
      summary: text.summary,
      description: text.description,
      resolved: text.resolved ? BigInt(created + 2 * DAY) : null,
      created: BigInt(created),
      updated: BigInt(created + HOUR),
    };
  });
}

/**
 * Copies of the issues the demo user `template` reported, for a user made like them: a reporter reads only
 * the tickets she filed. `number` keeps the copies' ids apart from every other user's.
 */
export function demoIssuesReportedLike(template: string, reporterId: string, number: string) {
  const templateId = DEMO_USERS.find((u) => u.login === template)?.id;
  return demoIssues()
    .filter((issue) => issue.reporterId === templateId)
    .map((issue, i) => ({
      ...issue,
      id: `2-${number}${i + 1}`,
      idReadable: `${issue.idReadable.split("-")[0]}-${number}${i + 1}`,
      reporterId,
    }));
}

export function demoArticles() {
  return ARTICLE_TEXTS.map((text, i) => {
    const project = PROJECTS.find((p) => p.id === text.project);
    const number = ARTICLE_TEXTS.slice(0, i + 1).filter((t) => t.project === text.project).length;
    const created = SEED_EPOCH - (ARTICLE_TEXTS.length - i) * DAY;
    return {
      id: `3-${i + 1}`,
      idReadable: `${project?.shortName}-A-${number}`,
      projectId: text.project,
      reporterId: "1-1",
      summary: text.summary,
      content: text.content,
      created: BigInt(created),
      updated: BigInt(created + HOUR),
    };
  });
}

/** Inbox threads for a user, unread (alice's) or read (the others'). */
export function demoInbox(login: string, unread: boolean) {
  const threads = [
    {
      id: `th-${login}-1`,
      folderId: "direct",
      type: "mention",
      subject: "admin mentioned you in DEMO-1",
      issueId: "DEMO-1",
      author: "admin",
      text: `@${login}, can you check this on a narrow screen?`,
      at: SEED_EPOCH - 3 * HOUR,
    },
    {
      id: `th-${login}-2`,
      folderId: "subscription",
      type: "subscription",
      subject: "DEMO-2 was updated",
      issueId: "DEMO-2",
      author: "admin",
      text: "State changed from Open to In Progress.",
      at: SEED_EPOCH - 2 * HOUR,
    },
    {
      id: `th-${login}-3`,
      folderId: "direct",
      type: "reaction",
      subject: "alice reacted to your comment",
      issueId: "DEMO-4",
      author: "alice",
      text: "👍",
      at: SEED_EPOCH - HOUR,
    },
  ];
  const lastNotified = (folderId: string) =>
    Math.max(...threads.filter((t) => t.folderId === folderId).map((t) => t.at));
  return {
    folders: (["direct", "subscription", "whatsnew"] as const).map((folderId) => ({
      folderId,
      lastNotified: folderId === "whatsnew" ? null : BigInt(lastNotified(folderId)),
      // alice has not looked at what's new yet; the others have, since the seed's day.
      lastSeen:
        folderId === "whatsnew"
          ? unread
            ? null
            : BigInt(SEED_EPOCH)
          : BigInt(unread ? SEED_EPOCH - DAY : lastNotified(folderId)),
    })),
    threads: threads.map((t) => ({
      thread: {
        id: t.id,
        folderId: t.folderId,
        type: t.type,
        subject: t.subject,
        issueId: t.issueId,
        updated: BigInt(t.at),
      },
      message: {
        id: `${t.id}-m1`,
        threadId: t.id,
        author: t.author,
        text: t.text,
        timestamp: BigInt(t.at),
        read: !unread,
      },
    })),
  };
}

/** Custom fields: bundles list their values in order; state values say whether they resolve an issue. */
export const CUSTOM_FIELDS = [
  {
    id: "58-1",
    name: "Priority",
    valueType: "enum",
    bundle: [
      { id: "67-1", name: "Critical", color: { id: "3", background: "#e30000", foreground: "#fff" } },
      { id: "67-2", name: "Major", color: { id: "12", background: "#f5a623", foreground: "#fff" } },
      { id: "67-3", name: "Normal", color: { id: "0", background: "#e6ecf2", foreground: "#444" } },
      { id: "67-4", name: "Minor", color: { id: "17", background: "#e0f5e6", foreground: "#444" } },
    ],
  },
  {
    id: "58-2",
    name: "State",
    valueType: "state",
    bundle: [
      { id: "68-1", name: "Open", isResolved: false },
      { id: "68-2", name: "In Progress", isResolved: false },
      { id: "68-3", name: "Fixed", isResolved: true },
      { id: "68-4", name: "Won't fix", isResolved: true },
    ],
  },
  { id: "58-3", name: "Assignee", valueType: "user", bundle: null },
] as const;

/** Every project carries every field, in this order. */
export function demoProjectFields() {
  return PROJECTS.flatMap((project, p) =>
    CUSTOM_FIELDS.map((field, i) => ({
      id: `92-${p * CUSTOM_FIELDS.length + i + 1}`,
      projectId: project.id,
      fieldId: field.id,
      ordinal: i,
      canBeEmpty: field.valueType !== "state",
      emptyFieldText: field.valueType === "user" ? "Unassigned" : "No value",
    })),
  );
}

// Per issue (in demoIssues' order): Priority, State and Assignee.
const ISSUE_FIELD_VALUES: [string, string, string | null][] = [
  ["67-2", "68-2", "1-2"],
  ["67-3", "68-2", "1-1"],
  ["67-4", "68-3", "1-2"],
  ["67-3", "68-1", null],
  ["67-1", "68-1", "1-1"],
  ["67-2", "68-1", null],
];

export function demoIssueFieldValues() {
  const fields = demoProjectFields();
  return demoIssues().flatMap((issue, i) => {
    const values = ISSUE_FIELD_VALUES[i] ?? [];
    return CUSTOM_FIELDS.flatMap((field, f) => {
      const value = values[f];
      const projectField = fields.find((pf) => pf.projectId === issue.projectId && pf.fieldId === field.id);
      return value && projectField
        ? [{ issueId: issue.id, projectFieldId: projectField.id, value: JSON.stringify(value) }]
        : [];
    });
  });
}

/** Votes, comments and a state change, as the activities API pages them. */
export function demoIssueActivities() {
  const [first, second] = demoIssues();
  if (!first || !second) return [];
  const at = (issue: { created: bigint }, hours: number) => issue.created + BigInt(hours * HOUR);
  const vote = (id: string, issue: typeof first, user: string, hours: number, removed = false) => ({
    id,
    issueId: issue.id,
    category: "VotersCategory",
    authorId: user,
    timestamp: at(issue, hours),
    added: JSON.stringify(removed ? [] : [user]),
    removed: JSON.stringify(removed ? [user] : []),
  });
  return [
    vote("94-1", first, "1-1", 2),
    vote("94-2", first, "1-4", 26),
    vote("94-3", first, "1-2", 50),
    vote("94-4", first, "1-4", 51, true),
    vote("94-5", second, "1-2", 5),
    {
      id: "94-6",
      issueId: first.id,
      category: "CommentsCategory",
      authorId: "1-1",
      timestamp: at(first, 3),
      added: JSON.stringify([{ id: "95-1", text: "Confirmed at 760 px in Chromium." }]),
      removed: "[]",
    },
    {
      id: "94-7",
      issueId: second.id,
      category: "CustomFieldCategory",
      authorId: "1-1",
      timestamp: at(second, 22),
      fieldId: "92-2",
      added: JSON.stringify(["68-2"]),
      removed: JSON.stringify(["68-1"]),
    },
  ];
}
