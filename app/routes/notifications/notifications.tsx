import { Avatar } from "#app/components/people.tsx";
import { Time } from "#app/components/time.tsx";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notifications";
import type { InboxThread, WhatsNewVersion } from "#contract/api.ts";
import { getKeelContext } from "#app/lib/keel-context.ts";
import { plainExcerpt } from "#app/markdown/excerpt.ts";
import { formatDate } from "#app/lib/dates.ts";
import { raiseWhatsNewFolder } from "#contract/whats-new.ts";
import { loadWhatsNew } from "#app/shell/whats-new/whats-new.server.ts";
import { CsrfInput } from "#app/components/csrf-input.tsx";
import { answerFormPost, backOf, isScriptRequest } from "#app/lib/form-answer.server.ts";
import { track } from "#app/analytics/client.ts";
import { useCsrfToken } from "#app/components/use-csrf-token.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { FALLBACK_LANGUAGE, LANGUAGE_LOCALES, toLanguage } from "#app/i18n/languages.ts";
import { isFolderUnread } from "#app/shell/inbox-access.ts";
import { useInbox } from "#app/shell/inbox-context.tsx";

const THREAD_FOLDERS = ["direct", "subscription"] as const;
const FOLDERS = [...THREAD_FOLDERS, "whatsnew"] as const;
type Folder = (typeof FOLDERS)[number];

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
  // Viewing the page is seeing the folder. Scripts report it themselves, so a prefetch marks nothing;
  // without them it is marked here, before the loaders, so this page's indicator is already off.
  async ({ context, request }, next) => {
    const url = new URL(request.url);
    if (request.method === "GET" && !isScriptRequest(request)) {
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
    // Messages quote comments, which are Markdown: the list shows their text without the marks.
    threads: threads.map((thread) => ({
      ...thread,
      messages: thread.messages.map((message) => ({ ...message, text: plainExcerpt(message.text) })),
    })),
    folders: raiseWhatsNewFolder(folders, whatsNew.versions),
    versions: view.folder === "whatsnew" ? whatsNew.versions : [],
    whatsNew: whatsNew.versions[0] ?? null,
    title: getI18n(context).getFixedT(null, "pages")("titles.notifications"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = ActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const t = getI18n(context).getFixedT(null, "pages");
    throw data({ message: t("notifications.invalidAction") }, { status: 400 });
  }
  const api = getApi(context);
  const input = parsed.data;
  switch (input.intent) {
    case "seen": {
      const lastSeen = input.lastSeen ?? Date.now();
      if (input.folder) await api.markFolderSeen(input.folder, lastSeen);
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
  const back = backOf(form);
  return answerFormPost(request, { ok: true }, back.startsWith("/notifications") ? back : "/notifications");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pages");
  const { folder, list, threads, folders, versions, title } = loaderData;
  const locale = LANGUAGE_LOCALES[toLanguage(i18n.language) ?? FALLBACK_LANGUAGE];
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
    track("notifications", "page-open", { folder });
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
      <h1 id="page-heading">{title}</h1>
      <p>
        <Link to="/settings/notifications">{t("notifications.settingsLink")}</Link>
      </p>
      <nav aria-label={t("notifications.foldersLabel")} className="tabs">
        {FOLDERS.map((id) => (
          <Link key={id} to={query({ folder: id })} aria-current={id === folder ? "page" : undefined}>
            {t(`notifications.folders.${id}`)}
            {unreadIn(id) && id !== folder ? (
              <span className="unread-dot" aria-label={t("notifications.newInFolder")} />
            ) : null}
          </Link>
        ))}
      </nav>
      {folder === "whatsnew" ? (
        <WhatsNewList versions={versions} locale={locale} />
      ) : (
        <>
          <div className="notifications-toolbar">
            <nav aria-label={t("notifications.show")} className="segmented">
              <Link to={query({ list: "all" })} aria-current={list === "all" ? "page" : undefined}>
                {t("notifications.all")}
              </Link>
              <Link to={query({ list: "unread" })} aria-current={list === "unread" ? "page" : undefined}>
                {t("notifications.unread")}
              </Link>
            </nav>
            <Form method="post" action="/notifications">
              <CsrfInput />
              <input type="hidden" name="folder" value={folder} />
              <input type="hidden" name="back" value={back} />
              <button type="submit" name="intent" value="read-all" className="button">
                {t("notifications.markAllRead")}
              </button>
            </Form>
          </div>
          {threads.length === 0 ? (
            <div className="empty-state">
              <p className="empty-state-title">
                {t(list === "unread" ? "notifications.emptyUnread" : "notifications.emptyFolder")}
              </p>
            </div>
          ) : (
            <ul className="thread-list" aria-label={t(`notifications.folderList.${folder}`)}>
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

/** One thread with mute and read toggles: plain forms, shown as done at once when scripts run. */
function ThreadItem({ thread, back }: { thread: InboxThread; back: string }) {
  const { t } = useTranslation("pages");
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent");
  const muted = pending === "mute" ? true : pending === "unmute" ? false : thread.muted;
  const unread = pending === "read" ? false : pending === "unread" ? true : thread.unread;
  const last = thread.messages.at(-1);
  return (
    <li className="thread" data-unread={unread || undefined} aria-label={thread.subject}>
      <Avatar name={last?.author?.name ?? "Keel"} />
      <div className="thread-main">
        <p className="thread-subject">
          {unread ? <span className="unread-dot" aria-label={t("notifications.unreadThread")} /> : null}
          {thread.issue ? (
            <Link to={`/issue/${thread.issue.idReadable}`} dir="auto">
              {thread.subject}
            </Link>
          ) : (
            <bdi>{thread.subject}</bdi>
          )}
          {muted ? <span className="tag">{t("notifications.muted")}</span> : null}
        </p>
        {last ? (
          <p className="thread-message">
            <bdi className="thread-author">{last.author?.name ?? "Keel"}</bdi>: <bdi>{last.text}</bdi>
          </p>
        ) : null}
      </div>
      {last ? (
        <span className="thread-time">
          <Time value={last.timestamp} />
        </span>
      ) : null}
      <fetcher.Form method="post" action="/notifications" className="thread-actions">
        <CsrfInput />
        <input type="hidden" name="thread" value={thread.id} />
        <input type="hidden" name="back" value={back} />
        <button type="submit" name="intent" value={unread ? "read" : "unread"} className="button">
          {t(unread ? "notifications.markRead" : "notifications.markUnread")}
        </button>
        <button type="submit" name="intent" value={muted ? "unmute" : "mute"} className="button">
          {t(muted ? "notifications.unmute" : "notifications.mute")}
        </button>
      </fetcher.Form>
    </li>
  );
}

/** "2025.10" as "October 2025" in the reader's language. */
export function versionLabel(id: string, locale: string): string {
  const [year, month] = id.split(".").map(Number);
  const date = Date.UTC(year ?? 1970, (month ?? 1) - 1, 1);
  try {
    return formatDate(date, { month: "long", year: "numeric" }, locale);
  } catch {
    return id;
  }
}

function WhatsNewList({ versions, locale }: { versions: WhatsNewVersion[]; locale: string }) {
  const { t } = useTranslation("pages");
  if (versions.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state-title">{t("notifications.nothingNew")}</p>
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
