// The demo data, shared by the seed and the tests. Deterministic: the same
// input always yields the same rows, tokens and password hashes.
import { createHash } from "node:crypto";
import { BUILD_NUMBER } from "#app/lib/constants.ts";
import { FEATURE_FLAG, PERMISSION } from "#contract/constants.ts";
import type { Configuration, UserAgreement } from "#contract/api.ts";
import { formatPermanentToken, hashPassword } from "#mock-backend/auth.ts";
import { BACKEND_SERVICE_ID } from "#mock-backend/identity/routes.ts";

export const DEMO_PASSWORD = "demo";

/**
 * The moment the demo data is "now" by default: a fixed point, so that tests and screenshots see the same
 * timestamps on every machine. `npm run db:setup` seeds at the present moment instead (`seedEpoch`).
 */
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

/** The sections of the demo's terms of use, each with its own text. */
const AGREEMENT_SECTIONS: { title: string; text: string }[] = [
  {
    title: "Acceptance of these terms",
    text: [
      "These terms govern your use of this Keel server (the service), run by the organisation that invited you",
      "(we, us). By signing in and accepting them you agree to them on your own behalf and, when you use the",
      "service for your employer, on its behalf. If you do not agree, decline: you are logged out and nothing you",
      "have not already entered is kept.",
    ].join("\n"),
  },
  {
    title: "Your account",
    text: [
      "You sign in with the account we created for you or that you created through an invitation. Keep your",
      "password and permanent tokens to yourself and turn on two-factor authentication when the service asks",
      "for it. You are responsible for what is done with your account until you tell us it has been misused;",
      "write to us as soon as you suspect that someone else has used it.",
    ].join("\n"),
  },
  {
    title: "Acceptable use",
    text: [
      "Use the service for your team's work. Do not:",
      "",
      "- upload malware, or content you have no right to share;",
      "- try to reach projects, accounts or data you have not been given access to;",
      "- send automated requests beyond the rate limits, or load the service in a way that degrades it for others;",
      "- harass other users or use mentions and notifications to send unsolicited messages.",
    ].join("\n"),
  },
  {
    title: "Content ownership",
    text: [
      "Issues, comments, articles and attachments you create remain yours or your employer's. You grant us the",
      "rights needed to store, back up, index and show that content to the people who may read the project it",
      "belongs to, and nothing more. Apps that an administrator installs read content only through the",
      "permissions shown when they were installed.",
    ].join("\n"),
  },
  {
    title: "Privacy and personal data",
    text: [
      "We process your name, email address, sign-in history and usage statistics to run the service, to keep it",
      "secure and to improve it. We do not sell personal data. You can ask us for a copy of your data, have it",
      "corrected, or have your account deleted, subject to what we must keep by law. The privacy notice linked",
      "from the help menu lists every processor we use.",
    ].join("\n"),
  },
  {
    title: "Availability and changes to the service",
    text: [
      "We aim to keep the service available around the clock and announce planned maintenance in a banner at",
      "least two days ahead. Features may change or be removed; when a change removes data, we say so in",
      "advance and offer an export.",
    ].join("\n"),
  },
  {
    title: "Suspension and termination",
    text: [
      "You may stop using the service at any time and ask us to delete your account. We may suspend an account",
      "that breaks these terms or endangers the service or other users, and close it when the breach is not",
      "remedied within 14 days of our notice. Content that belongs to a project stays with the project.",
    ].join("\n"),
  },
  {
    title: "Disclaimer and limitation of liability",
    text: [
      'The service is provided "as is". To the extent the law allows, we are not liable for indirect or',
      "consequential loss, lost profits or lost data beyond what our backups let us restore. Nothing in these",
      "terms limits liability for wilful misconduct, gross negligence or anything else that cannot be limited",
      "by law.",
    ].join("\n"),
  },
  {
    title: "Changes to these terms",
    text: [
      "We may update these terms. A minor version clarifies wording and is announced in a notice; a major",
      "version changes your rights or obligations, and you are asked to accept it before you continue to use",
      "the service.",
    ].join("\n"),
  },
  {
    title: "Governing law",
    text: [
      "These terms are governed by the law of the country where we have our registered office, and its courts",
      "decide disputes, unless the law of your country of residence gives you the right to go to court there.",
    ].join("\n"),
  },
  {
    title: "Contact",
    text: [
      "Questions about these terms, requests about your data and reports of misuse go to",
      "legal@keel.example. For help with the service itself, open a ticket in the Support desk.",
    ].join("\n"),
  },
];

export const DEMO_AGREEMENT: UserAgreement = {
  enabled: true,
  majorVersion: 1,
  minorVersion: 0,
  requiredForREST: false,
  text: [
    "# Terms of use",
    "",
    "Version 1.0, in effect since 1 November 2026.",
    "",
    ...AGREEMENT_SECTIONS.map(({ title, text }, i) => `## ${i + 1}. ${title}\n\n${text}\n`),
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
  /** The demo user this one was made like (demoUserLike): its inbox is that user's, addressed to this one. */
  madeLike?: string;
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
      PERMISSION.READ_COMMENT,
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
      { key: PERMISSION.READ_COMMENT, project: "0-2" },
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
      { key: PERMISSION.READ_COMMENT, project: "0-1" },
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
    madeLike: user.madeLike ?? user.login,
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
    { key: PERMISSION.READ_COMMENT, project: "0-1" },
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

// The demo team builds Tally, a shared-expenses app: a mobile app, a web dashboard and the web API behind
// both. DEMO holds the team's work; SUP holds customers' tickets.
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
      "On the web dashboard the left navigation should become a top bar at 760 px and below. It stays a left",
      "bar instead and covers the first column of the expense list, so on a tablet in portrait the amounts",
      "cannot be read.",
      "",
      "## Steps to reproduce",
      "",
      "1. Open the web dashboard in a window **760 px** wide or less.",
      "2. Open **Expenses** and click the menu button.",
      "",
      "- [x] Reproduced in Chromium",
      "- [ ] Reproduced in Firefox",
      "",
      "| Width | Expected | Actual |",
      "|------:|----------|--------|",
      "| 1280 | left bar | left bar |",
      "| 760 | top bar | ~~top bar~~ left bar |",
      "",
      "The stylesheet switches at 768 px and the layout code at 760 px. The menu button should also keep the",
      "accent colour #3B82F6 in both themes. Blocks the 2.4 release together with DEMO-2; @admin decides",
      "whether it can wait.",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "Retry failed syncs with exponential backoff",
    reporter: "admin",
    description: [
      "When the phone is offline or the API answers 503, the app retries a failed sync every 5 seconds for as",
      "long as it runs. On a bad connection that drains the battery, and after an outage every phone hits the",
      "API at the same moment.",
      "",
      "## Proposal",
      "",
      "Before the $n$-th retry, wait $t_n = \\min(t_{max}, t_0 \\cdot 2^n)$ with $t_0 = 2$ s and $t_{max} = 5$ min,",
      "plus up to 20 % random jitter so that phones spread out. After $N$ failed attempts the app has waited at",
      "most",
      "",
      "$$\\sum_{n=0}^{N-1} t_0 \\cdot 2^n = t_0 \\left(2^N - 1\\right)$$",
      "",
      "that is about 17 minutes for $N = 9$, after which it shows *Not synced* and waits for the user.",
      "",
      "Expenses over $100 keep their place at the front of the queue.",
      "",
      "```mermaid",
      "graph LR; Queued --> Sending --> Synced; Sending --> Waiting --> Sending",
      "```",
      "",
      "The limits go into the release checklist for 2.4, next to the layout fix in DEMO-1:",
      "",
      "![Release checklist](/demo/release-checklist.pdf)",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "Dark theme contrast of links",
    reporter: "alice",
    resolved: true,
    description: [
      "Links in expense notes use #2563EB on the dark background #111827: a contrast ratio of 3.4:1, below the",
      "4.5:1 that WCAG 2.2 asks of body text (https://www.w3.org/TR/WCAG22/#contrast-minimum).",
      "",
      "Fixed by using #60A5FA for links in the dark theme (7.0:1); the light theme is unchanged.",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "Add a keyboard shortcut for quick search",
    reporter: "admin",
    description: [
      "People who keep the web dashboard open all day want to jump to an expense, a group or a person without",
      "the mouse.",
      "",
      "- `Ctrl+K` (`Cmd+K` on macOS) opens quick search from any page.",
      "- `Escape` closes it and gives the focus back to where it was.",
      "- The shortcut is listed in the keyboard help (`?`).",
      "",
      "```ts",
      'const quickSearch = { ctrl: true, key: "k" };',
      "```",
    ].join("\n"),
  },
  {
    project: "0-2",
    summary: "Cannot sign in from the mobile app",
    reporter: "rachel",
    description: [
      "Since I updated the app to 2.3.1 it says *Session expired* right after I sign in, every time. Signing in",
      "on the website works.",
      "",
      "> It worked yesterday, before the update.",
      "",
      "Phone: Pixel 7, Android 15.",
    ].join("\n"),
  },
  {
    project: "0-2",
    summary: "Invoice shows the wrong currency",
    reporter: "rachel",
    description: [
      "My invoice for October shows the amount in **USD** instead of **EUR**, although my billing address is in",
      "Germany and my card is charged in euros. Please send a corrected invoice: my accountant needs it for the",
      "quarter's books.",
    ].join("\n"),
  },
];

const ARTICLE_TEXTS: { project: string; summary: string; author: string; content: string }[] = [
  {
    project: "0-1",
    summary: "Getting started: your first week on the team",
    author: "admin",
    content: [
      "Welcome to the Tally team! This page takes you from a new laptop to your first merged change. When",
      "something here is out of date, fix the page: it is everyone's.",
      "",
      "## Your first week",
      "",
      "- [ ] Read the [Markdown reference](/markup): issues and articles here are written in Markdown",
      "- [ ] Read the team conventions (DEMO-A-2) and the API guidelines (DEMO-A-3)",
      "- [ ] Turn on two-factor authentication in your profile",
      "- [ ] Pick an unassigned issue in the DEMO project and assign it to yourself",
      "- [ ] Ship a release with someone who has done it before (DEMO-A-4)",
      "",
      "## Who to ask",
      "",
      "| Area | Ask |",
      "|---|---|",
      "| Web dashboard | @alice |",
      "| Mobile app and releases | @admin |",
      "| Testing on devices | @tom |",
      "",
      "## The system in one picture",
      "",
      "The mobile app and the web dashboard both talk to the web API, which keeps its data in PostgreSQL and",
      "sends notifications through the push service:",
      "",
      "https://viewer.diagrams.net/?lightbox=1&nav=1#RzZZRT4MwEMc%2FzSX6Vlo0vm7opomLMyzxuawXaOwoKWWwb28GdRPrjIkKe6P%2Fy137%2F5W7FFi0aeaGF9lCC1TA7oBFRmvbfW2aCJUCSqQAdguUEqAU6OxENGijpOAGc%2FuTBF4UXcqWqwo7baETqRAoaYPkQj7FQCOgZJILo6W47DJKu1Muw%2BgqF7gvGQCb1pm0GBd8vY%2FWhhfApm4TNBabk0dtJXfOOeoNWrMDSpqPRsiut6qlsJnLDp2WoUwzV%2FLKabzs1umh7BEK0Jnj8jWjGhOP0cteI4KXWaK5EedAJBiSCS%2FkCSaT5cM4NGjY53E9IA7h%2FyFLXdrUYPz8OA6O8Ga0himqMvN5tCIp0WzlGs%2BDyaAtg4HH5H61WsYeCszFxBhdA7tNlF6%2FHryjSPF755SUujJr%2FDTcLTcp2l7n%2BowMKm7ltr%2FDrwzToQ0fJvVIhpln%2BD8vV%2Fpeuzk0hNVwbKvvQ%2BbvzQKdHR9gbaz3PnsD",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "Team conventions",
    author: "admin",
    content: [
      "## Issues",
      "",
      "- A feature's summary starts with a verb (*Add a keyboard shortcut for quick search*); a bug's says what",
      "  goes wrong (*Navigation collapses on narrow screens*).",
      "- **Critical** means customers are blocked now: drop what you are doing. **Major** goes into the next",
      "  release, **Normal** and **Minor** when there is room.",
      "- Move an issue to **In Progress** when you start and assign it to yourself; **Fixed** when the change",
      "  is merged, **Won't fix** with a comment that says why.",
      "- Mention a teammate (@alice) when you need their answer, not to keep them informed: they can watch",
      "  the issue.",
      "",
      "## Branches and reviews",
      "",
      "```sh",
      "git switch -c DEMO-4-quick-search-shortcut",
      "```",
      "",
      "Every change is reviewed by one teammate before it is merged. Reviews answer within one working day;",
      "a change bigger than 400 lines is split first.",
      "",
      // An app widget embedded in the text (the team-pulse sample app's MARKDOWN widget).
      "## This week",
      "",
      "{{widget team-pulse:pulse-embed:team-conventions-pulse}}",
    ].join("\n"),
  },
  {
    project: "0-2",
    summary: "How to reach support",
    author: "admin",
    content: [
      "Open a ticket in the **Support desk** project, or write to support@tally.example: the mail becomes a",
      "ticket too. Tell us the app's version (*Settings → About*), your phone or browser, and what you expected",
      "to happen.",
      "",
      "| Plan | First answer within |",
      "|---|---|",
      "| Free | 3 working days |",
      "| Team | 1 working day |",
      "| Business | 4 hours, around the clock for outages |",
      "",
      "For an outage, check the status page first: https://status.tally.example",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "API guidelines",
    author: "admin",
    content: [
      "How the web API's endpoints look, so that the app, the dashboard and customers' scripts can rely on",
      "them. Read this before you add an endpoint; ask @admin when a case is not covered.",
      "",
      "## Resources",
      "",
      "- Plural nouns in kebab-case: `/api/v2/expense-groups/{id}/expenses`.",
      "- `GET` never changes anything; `PUT` and `DELETE` are idempotent; `POST` creates.",
      "- Timestamps are milliseconds since the epoch in UTC; amounts are integers in minor units with an",
      "  ISO 4217 currency code.",
      "",
      "## Errors",
      "",
      "Every error answers JSON with a stable code and a sentence for people:",
      "",
      "```json",
      '{ "error": "expense_locked", "error_description": "The expense is part of a settled group." }',
      "```",
      "",
      "| Status | When |",
      "|---|---|",
      "| 400 | The request is malformed; `error_description` names the field. |",
      "| 401 | No valid token. |",
      "| 404 | The resource does not exist *or* the caller may not see it. |",
      "| 409 | The resource changed since the caller read it. |",
      "| 429 | Over the rate limit; `Retry-After` says when to try again. |",
      "",
      "## Lists and versions",
      "",
      "Lists page with `$top` (at most 500) and `$skip`. A change that removes or renames a field is a new",
      "version (`/api/v3/`); the old one keeps working for six months after the app stops using it.",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "Release checklist",
    author: "admin",
    content: [
      "We ship the mobile app and the web API every second Wednesday. The release manager of the day",
      "works through this list and ticks it in a copy of this page.",
      "",
      "## The day before",
      "",
      "- [ ] Every issue planned for the release is **Fixed** or moved to the next one",
      "- [ ] The database migrations ran on staging and can be rolled back",
      "- [ ] Tested on the oldest supported phones (Android 12, iOS 16)",
      "",
      "## Release day",
      "",
      "- [ ] Deploy the API before the apps: the API stays compatible with the previous app version",
      "- [ ] Submit the apps to the stores with the release notes",
      "- [ ] Publish the web dashboard and watch the error rate for 30 minutes",
      "- [ ] Post the release notes in the announcements banner",
      "",
      "The printable version for the release meeting:",
      "",
      "![Printable checklist](/demo/release-checklist.pdf)",
    ].join("\n"),
  },
  {
    project: "0-1",
    summary: "Incident runbook: the API is down or slow",
    author: "alice",
    content: [
      "What to do when the web API fails or slows down, whoever notices first.",
      "",
      "## 1. Declare",
      "",
      "Open a **Critical** issue in DEMO titled *Incident: …* and assign it to yourself: you are the incident",
      "lead until you hand over. Put a banner up: *We are looking into problems with syncing.*",
      "",
      "## 2. Stabilise",
      "",
      "| Symptom | First step |",
      "|---|---|",
      "| 5xx after a deploy | Roll back to the previous release. |",
      "| Slow answers, database CPU high | Turn off the nightly reports; look for a missing index. |",
      "| Push notifications late | Check the push service's status page; the app syncs without them. |",
      "",
      "## 3. Communicate",
      "",
      "Update the banner and the status page every 30 minutes, even when nothing has changed. Support",
      "answers tickets about the incident with a link to the status page.",
      "",
      "## 4. Follow up",
      "",
      "Within two working days, write what happened, why, and what we change so that it does not happen",
      "again. No blame: we fix systems, not people.",
    ].join("\n"),
  },
];

export function demoIssues(epoch: number = SEED_EPOCH) {
  return ISSUE_TEXTS.map((text, i) => {
    const project = PROJECTS.find((p) => p.id === text.project);
    const number = ISSUE_TEXTS.slice(0, i + 1).filter((t) => t.project === text.project).length;
    const reporter = DEMO_USERS.find((u) => u.login === text.reporter);
    const created = epoch - (ISSUE_TEXTS.length - i) * DAY;
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
export function demoIssuesReportedLike(
  template: string,
  reporterId: string,
  number: string,
  epoch: number = SEED_EPOCH,
) {
  const templateId = DEMO_USERS.find((u) => u.login === template)?.id;
  return demoIssues(epoch)
    .filter((issue) => issue.reporterId === templateId)
    .map((issue, i) => ({
      ...issue,
      id: `2-${number}${i + 1}`,
      idReadable: `${issue.idReadable.split("-")[0]}-${number}${i + 1}`,
      reporterId,
    }));
}

export function demoArticles(epoch: number = SEED_EPOCH) {
  return ARTICLE_TEXTS.map((text, i) => {
    const project = PROJECTS.find((p) => p.id === text.project);
    const number = ARTICLE_TEXTS.slice(0, i + 1).filter((t) => t.project === text.project).length;
    const created = epoch - (ARTICLE_TEXTS.length - i) * DAY;
    return {
      id: `3-${i + 1}`,
      idReadable: `${project?.shortName}-A-${number}`,
      projectId: text.project,
      reporterId: DEMO_USERS.find((u) => u.login === text.author)?.id ?? "1-1",
      summary: text.summary,
      content: text.content,
      created: BigInt(created),
      updated: BigInt(created + HOUR),
    };
  });
}

interface DemoNotification {
  folderId: "direct" | "subscription";
  type: "mention" | "reaction" | "subscription";
  subject: string;
  issueId: string;
  /** Who did what the notification tells: never its recipient. */
  author: string;
  text: string;
  at: number;
}

/**
 * What each demo user (or a user made like them) is notified of, newest last: a mention, an update of a
 * watched issue and a reaction, each by a teammate. `login` is the recipient's, for the mention's text.
 */
const NOTIFICATIONS: Readonly<Record<string, (login: string, epoch: number) => DemoNotification[]>> = {
  alice: (login, epoch) => [
    {
      folderId: "direct",
      type: "mention",
      subject: "Ada Admin mentioned you in DEMO-1",
      issueId: "DEMO-1",
      author: "admin",
      text: `@${login}, the 2.4 release waits on this fix: can it be merged by Wednesday?`,
      at: epoch - 3 * HOUR,
    },
    {
      folderId: "subscription",
      type: "subscription",
      subject: "DEMO-2 was updated",
      issueId: "DEMO-2",
      author: "admin",
      text: "State changed from Open to In Progress.",
      at: epoch - 2 * HOUR,
    },
    {
      folderId: "direct",
      type: "reaction",
      subject: "Tom Twofactor reacted to your comment on DEMO-4",
      issueId: "DEMO-4",
      author: "tom",
      text: "👍",
      at: epoch - HOUR,
    },
  ],
  admin: (login, epoch) => [
    {
      folderId: "direct",
      type: "mention",
      subject: "Alice Member mentioned you in DEMO-2",
      issueId: "DEMO-2",
      author: "alice",
      text: `@${login}, the dashboard should say *Not synced* in the same words as the app: can we share the string?`,
      at: epoch - 3 * HOUR,
    },
    {
      folderId: "subscription",
      type: "subscription",
      subject: "DEMO-4 was updated",
      issueId: "DEMO-4",
      author: "alice",
      text: "Firefox on Linux uses Ctrl+K for its search bar: we take it only while the dashboard has focus.",
      at: epoch - 2 * HOUR,
    },
    {
      folderId: "direct",
      type: "reaction",
      subject: "Alice Member reacted to your comment on DEMO-1",
      issueId: "DEMO-1",
      author: "alice",
      text: "👍",
      at: epoch - HOUR,
    },
  ],
  tom: (login, epoch) => [
    {
      folderId: "direct",
      type: "mention",
      subject: "Alice Member mentioned you in DEMO-1",
      issueId: "DEMO-1",
      author: "alice",
      text: `@${login}, the fix is on staging: can you check it in Firefox?`,
      at: epoch - 3 * HOUR,
    },
    {
      folderId: "subscription",
      type: "subscription",
      subject: "DEMO-2 was updated",
      issueId: "DEMO-2",
      author: "admin",
      text: "State changed from Open to In Progress.",
      at: epoch - 2 * HOUR,
    },
    {
      folderId: "direct",
      type: "reaction",
      subject: "Ada Admin reacted to your comment on DEMO-2",
      issueId: "DEMO-2",
      author: "admin",
      text: "👍",
      at: epoch - HOUR,
    },
  ],
};

/**
 * Inbox threads for `login`, made like the demo user `persona` (by default the same), unread (alice's) or
 * read (the others'). Reporters have no inbox, so there is none for rachel.
 */
export function demoInbox(
  login: string,
  unread: boolean,
  persona: string = login,
  epoch: number = SEED_EPOCH,
) {
  const notifications = NOTIFICATIONS[persona];
  if (!notifications) throw new Error(`No demo inbox for ${persona}`);
  const threads = notifications(login, epoch).map((n, i) => ({ ...n, id: `th-${login}-${i + 1}` }));
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
            : BigInt(epoch)
          : BigInt(unread ? epoch - DAY : lastNotified(folderId)),
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

/** A comment in an issue's history: `hours` after the issue was created, or `before` the seed's moment. */
interface DemoComment {
  id: string;
  commentId: string;
  issue: string;
  author: string;
  at: { hours: number } | { before: number };
  text: string;
}

// Who says what on which issue; the inbox's mentions and reactions (NOTIFICATIONS) point at these.
const COMMENTS: DemoComment[] = [
  {
    id: "94-6",
    commentId: "95-1",
    issue: "DEMO-1",
    author: "admin",
    at: { hours: 3 },
    text: "Confirmed at 760 px in Chromium.",
  },
  {
    id: "94-8",
    commentId: "95-2",
    issue: "DEMO-1",
    author: "admin",
    at: { before: 3 * HOUR },
    text: "@alice, the 2.4 release waits on this fix: can it be merged by Wednesday?",
  },
  {
    id: "94-9",
    commentId: "95-3",
    issue: "DEMO-1",
    author: "alice",
    at: { before: 3 * HOUR - 30 * 60_000 },
    text: "@tom, the fix is on staging: can you check it in Firefox?",
  },
  {
    id: "94-10",
    commentId: "95-4",
    issue: "DEMO-2",
    author: "tom",
    at: { hours: 30 },
    text: "Android 15 stops background work after about 10 minutes, so the 5-minute cap keeps the retries alive.",
  },
  {
    id: "94-11",
    commentId: "95-5",
    issue: "DEMO-2",
    author: "alice",
    at: { before: 3 * HOUR },
    text: "@admin, the dashboard should say *Not synced* in the same words as the app: can we share the string?",
  },
  {
    id: "94-12",
    commentId: "95-6",
    issue: "DEMO-3",
    author: "alice",
    at: { hours: 40 },
    text: "Fixed in the dark theme's colour tokens; every link colour now passes the contrast check.",
  },
  {
    id: "94-13",
    commentId: "95-7",
    issue: "DEMO-4",
    author: "alice",
    at: { before: 2 * HOUR },
    text: "Firefox on Linux uses Ctrl+K for its search bar: we take it only while the dashboard has focus.",
  },
  {
    id: "94-14",
    commentId: "95-8",
    issue: "SUP-1",
    author: "admin",
    at: { hours: 2 },
    text:
      "Thank you, Rachel. We can reproduce it on Android 15 with 2.3.1 and are working on a fix. Until it is" +
      " out, reinstalling the app and signing in again works around it.",
  },
  {
    id: "94-15",
    commentId: "95-9",
    issue: "SUP-2",
    author: "admin",
    at: { hours: 3 },
    text: "Thank you for telling us. We are checking the currency of your plan and will send a corrected invoice.",
  },
];

/** Votes, comments and state changes, as the activities API pages them. */
export function demoIssueActivities(epoch: number = SEED_EPOCH) {
  const issues = demoIssues(epoch);
  const [first, second] = issues;
  if (!first || !second) return [];
  const at = (issue: { created: bigint }, hours: number) => issue.created + BigInt(hours * HOUR);
  const userId = (login: string) => DEMO_USERS.find((u) => u.login === login)?.id ?? "1-1";
  const vote = (id: string, issue: typeof first, user: string, hours: number, removed = false) => ({
    id,
    issueId: issue.id,
    category: "VotersCategory",
    authorId: user,
    timestamp: at(issue, hours),
    added: JSON.stringify(removed ? [] : [user]),
    removed: JSON.stringify(removed ? [user] : []),
  });
  const comments = COMMENTS.flatMap((comment) => {
    const issue = issues.find((i) => i.idReadable === comment.issue);
    if (!issue) return [];
    return [
      {
        id: comment.id,
        issueId: issue.id,
        category: "CommentsCategory",
        authorId: userId(comment.author),
        timestamp: "hours" in comment.at ? at(issue, comment.at.hours) : BigInt(epoch - comment.at.before),
        added: JSON.stringify([{ id: comment.commentId, text: comment.text }]),
        removed: "[]",
      },
    ];
  });
  return [
    vote("94-1", first, "1-1", 2),
    vote("94-2", first, "1-4", 26),
    vote("94-3", first, "1-2", 50),
    vote("94-4", first, "1-4", 51, true),
    vote("94-5", second, "1-2", 5),
    ...comments,
    {
      id: "94-7",
      issueId: second.id,
      category: "CustomFieldCategory",
      authorId: "1-1",
      timestamp: BigInt(epoch - 2 * HOUR),
      fieldId: "92-2",
      added: JSON.stringify(["68-2"]),
      removed: JSON.stringify(["68-1"]),
    },
  ];
}
