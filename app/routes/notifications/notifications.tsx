import { useEffect } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notifications";
import type { InboxThread, WhatsNewVersion } from "../../../mock-backend/contract.ts";
import { getKeelContext } from "../../lib/keel-context.ts";
import { raiseWhatsNewFolder } from "../../shell/whats-new/whats-new.ts";
import { loadWhatsNew } from "../../shell/whats-new/whats-new.server.ts";
import { CsrfInput } from "../../components/csrf-input.tsx";
import { useCsrfToken } from "../../components/use-csrf-token.ts";
import { getApi } from "../../middleware/api.server.ts";
import { isFolderUnread } from "../../shell/navigation-model.ts";
import { useInbox } from "../../shell/inbox-context.tsx";

const THREAD_FOLDERS = ["direct", "subscription"] as const;
const FOLDERS = [...THREAD_FOLDERS, "whatsnew"] as const;
type Folder = (typeof FOLDERS)[number];
const FOLDER_NAMES: Record<Folder, string> = {
  direct: "Direct",
  subscription: "Subscriptions",
  whatsnew: "What's new",
};

const ViewSchema = z.object({
  folder: z.enum(FOLDERS).catch("direct"),
  list: z.enum(["all", "unread"]).catch("all"),
});

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("seen"),
    folder: z.enum(FOLDERS).optional(),
    // Seen up to this notification time; the server's clock when absent.
    lastSeen: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  z.object({ intent: z.enum(["mute", "unmute", "read", "unread"]), thread: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("read-all"), folder: z.enum(THREAD_FOLDERS) }),
]);

const viewOf = (url: URL) =>
  ViewSchema.parse({
    folder: url.searchParams.get("folder") ?? undefined,
    list: url.searchParams.get("list") ?? undefined,
  });

export const middleware: Route.MiddlewareFunction[] = [
  // Viewing the page is seeing the folder. Scripts say so themselves (an action), so that a prefetch by the
  // notifications centre marks nothing; a page loaded without them is marked here, before any loader runs,
  // so the navigation's indicator on this very page is already off.
  async ({ context, request }, next) => {
    const url = new URL(request.url);
    if (request.method === "GET" && !url.pathname.endsWith(".data")) {
      await getApi(context).markFolderSeen(viewOf(url).folder, Date.now());
    }
    return next();
  },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const keel = getKeelContext(context);
  const view = viewOf(url);
  const [config, user, permissions] = await Promise.all([
    api.getConfig(),
    api.getCurrentUser(),
    api.getPermissions(),
  ]);
  const [threads, folders, whatsNew] = await Promise.all([
    view.folder === "whatsnew"
      ? []
      : api.getInboxThreads({
          folder: view.folder,
          $top: 50,
          unreadOnly: view.list === "unread" || undefined,
        }),
    api.getInboxFolders(),
    loadWhatsNew(api, { permissions, user, config }, keel.log),
  ]);
  return {
    ...view,
    threads,
    folders: raiseWhatsNewFolder(folders, whatsNew.versions),
    versions: view.folder === "whatsnew" ? whatsNew.versions : [],
    // The newest version, for the notifications centre.
    whatsNew: whatsNew.versions[0] ?? null,
    locale: user.profiles.general.locale.locale || config.l10n.locale,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = ActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    throw data({ message: "This notification action is not valid." }, { status: 400 });
  }
  const api = getApi(context);
  const input = parsed.data;
  switch (input.intent) {
    case "seen": {
      const lastSeen = input.lastSeen ?? Date.now();
      if (input.folder) await api.markFolderSeen(input.folder, lastSeen);
      // The centre shows every folder, what's new included.
      else await Promise.all([api.markAllSeen(lastSeen), api.markFolderSeen("whatsnew", lastSeen)]);
      break;
    }
    case "mute":
    case "unmute":
      await api.setThreadMuted(input.thread, input.intent === "mute");
      break;
    case "read":
    case "unread":
      await api.markThread(input.thread, input.intent === "read");
      break;
    case "read-all":
      await api.markAllThreads(true, input.folder);
      break;
  }
  if (new URL(request.url).pathname.endsWith(".data")) return { ok: true };
  const back = typeof form.get("back") === "string" ? String(form.get("back")) : "/notifications";
  throw redirect(back.startsWith("/notifications") ? back : "/notifications");
}

export const meta: Route.MetaFunction = () => [{ title: "Notifications · Keel" }];

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { folder, list, threads, folders, versions, locale } = loaderData;
  const inbox = useInbox();
  const seen = useFetcher();
  const csrf = useCsrfToken();
  const back = `/notifications?folder=${folder}${list === "unread" ? "&list=unread" : ""}`;

  // With scripts, seeing the folder is reported once it is shown.
  useEffect(() => {
    // Seen up to the newest notification of the folder as loaded: one arriving meanwhile stays unread.
    const upTo = folders.find((f) => f.id === folder)?.lastNotified;
    const fields: Record<string, string> = { intent: "seen", folder, csrf };
    if (upTo) fields.lastSeen = String(upTo);
    void seen.submit(fields, { method: "post", action: "/notifications" });
    inbox.markSeen();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per folder shown
  }, [folder]);

  const unreadIn = (id: Folder) => folders.some((f) => f.id === id && isFolderUnread(f));
  const query = (next: { folder?: Folder; list?: "all" | "unread" }) => {
    const params = new URLSearchParams({ folder: next.folder ?? folder });
    if ((next.list ?? list) === "unread") params.set("list", "unread");
    return `/notifications?${params.toString()}`;
  };

  return (
    <section aria-labelledby="page-heading" className="notifications">
      <h1 id="page-heading">Notifications</h1>
      <nav aria-label="Notification folders" className="tabs">
        {FOLDERS.map((id) => (
          <Link key={id} to={query({ folder: id })} aria-current={id === folder ? "page" : undefined}>
            {FOLDER_NAMES[id]}
            {unreadIn(id) && id !== folder ? <span className="unread-dot" aria-label="new" /> : null}
          </Link>
        ))}
      </nav>
      {folder === "whatsnew" ? (
        <WhatsNewList versions={versions} locale={locale} />
      ) : (
        <>
          <div className="notifications-toolbar">
            <nav aria-label="Show" className="segmented">
              <Link to={query({ list: "all" })} aria-current={list === "all" ? "page" : undefined}>
                All
              </Link>
              <Link to={query({ list: "unread" })} aria-current={list === "unread" ? "page" : undefined}>
                Unread
              </Link>
            </nav>
            <Form method="post" action="/notifications">
              <CsrfInput />
              <input type="hidden" name="folder" value={folder} />
              <input type="hidden" name="back" value={back} />
              <button type="submit" name="intent" value="read-all" className="button">
                Mark all as read
              </button>
            </Form>
          </div>
          {threads.length === 0 ? (
            <div className="empty-state">
              <p className="empty-state-title">
                {list === "unread" ? "No unread notifications." : "No notifications in this folder."}
              </p>
            </div>
          ) : (
            <ul className="thread-list" aria-label={`${FOLDER_NAMES[folder]} notifications`}>
              {threads.map((thread) => (
                <ThreadItem key={thread.id} thread={thread} back={back} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** One thread with mute and read toggles: plain forms, shown as done at once when scripts run. */
function ThreadItem({ thread, back }: { thread: InboxThread; back: string }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent");
  const muted = pending === "mute" ? true : pending === "unmute" ? false : thread.muted;
  const unread = pending === "read" ? false : pending === "unread" ? true : thread.unread;
  const last = thread.messages.at(-1);
  return (
    <li className="thread" data-unread={unread || undefined} aria-label={thread.subject}>
      <div className="thread-main">
        <p className="thread-subject">
          {unread ? <span className="unread-dot" aria-label="unread" /> : null}
          {thread.issue ? (
            <Link to={`/issue/${thread.issue.idReadable}`}>{thread.subject}</Link>
          ) : (
            thread.subject
          )}
          {muted ? <span className="tag">Muted</span> : null}
        </p>
        {last ? (
          <p className="thread-message">
            <span className="thread-author">{last.author?.name ?? "Keel"}</span>: {last.text}{" "}
            <time dateTime={new Date(last.timestamp).toISOString()}>{dateTime.format(last.timestamp)}</time>
          </p>
        ) : null}
      </div>
      <fetcher.Form method="post" action="/notifications" className="thread-actions">
        <CsrfInput />
        <input type="hidden" name="thread" value={thread.id} />
        <input type="hidden" name="back" value={back} />
        <button type="submit" name="intent" value={unread ? "read" : "unread"} className="button">
          {unread ? "Mark as read" : "Mark as unread"}
        </button>
        <button type="submit" name="intent" value={muted ? "unmute" : "mute"} className="button">
          {muted ? "Unmute" : "Mute"}
        </button>
      </fetcher.Form>
    </li>
  );
}

/** "2025.10" as "October 2025" in the user's locale. */
export function versionLabel(id: string, locale: string): string {
  const [year, month] = id.split(".").map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1));
  try {
    return new Intl.DateTimeFormat(locale.replace("_", "-"), {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(date);
  } catch {
    return id;
  }
}

function WhatsNewList({ versions, locale }: { versions: WhatsNewVersion[]; locale: string }) {
  if (versions.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state-title">Nothing new yet.</p>
      </div>
    );
  }
  return (
    <div className="whats-new">
      {versions.map((version) => (
        <section key={version.id} aria-labelledby={`version-${version.id}`}>
          <h2 id={`version-${version.id}`}>{versionLabel(version.id, locale)}</h2>
          <ul>
            {version.features.map((feature) => (
              <li key={feature.title}>
                <strong>{feature.title}</strong> {feature.description}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
