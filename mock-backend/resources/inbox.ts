import { Router } from "express";
import { z } from "zod";
import {
  FolderUpdateSchema,
  IdParamsSchema,
  InboxFolderIdSchema,
  LastSeenUpdateSchema,
  MarkAllSchema,
  MarkThreadSchema,
  NewThreadSchema,
  ReadQuerySchema,
  ThreadsQuerySchema,
  ThreadUpdateSchema,
} from "#contract/api.ts";
import { requireUser } from "../auth.ts";
import type { Db } from "../db.ts";
import { readCache } from "../read-cache.ts";
import { randomUUID } from "node:crypto";
import { PERMISSION } from "#contract/constants.ts";
import { badRequest, endpoint, fieldsSender, forbidden, notFound, sendFields } from "../http.ts";
import {
  createInboxStreamRegistry,
  inboxEventsAfter,
  type InboxStreamLimits,
  latestInboxEvent,
  parseLastEventId,
  pingIntervalFor,
  publishInboxChange,
  sseMessage,
  trackStream,
  watchInboxEvents,
} from "../inbox-events.ts";
import { DEFAULT_INBOX_STREAM_LIMITS } from "../defaults.ts";
import {
  loadConfiguration,
  projectsWith,
  readNotificationKinds,
  threadInclude,
  toFolder,
  toThread,
} from "../model.ts";
import { notificationKindOf, notificationOf } from "#contract/notification-kinds.ts";
import { markdownAsText } from "../markdown-text.ts";
import type { PushSender } from "../push/web-push.ts";

const FOLDER_FIELDS = "id,lastNotified,lastSeen";
const THREAD_FIELDS =
  "id,folder(id),type,subject,issue(idReadable),muted,unread,updated,messages(id,author(login,name),text,timestamp,read)";
const FolderParamsSchema = z.object({ id: InboxFolderIdSchema });

async function authorNames(db: Db, logins: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(logins)];
  if (unique.length === 0) return new Map();
  const users = await db.user.findMany({
    where: { login: { in: unique } },
    select: { login: true, name: true },
  });
  return new Map(users.map((u) => [u.login, u.name]));
}

export function inboxRouter(db: Db, options: Partial<InboxStreamLimits> = {}, push?: PushSender): Router {
  const router = Router();
  const readFolders = async (userId: string) =>
    (await db.inboxFolder.findMany({ where: { userId }, orderBy: { folderId: "asc" } })).map(toFolder);
  const limits = { ...DEFAULT_INBOX_STREAM_LIMITS, ...options };
  const streams = createInboxStreamRegistry({
    maxStreamsPerUser: limits.maxStreamsPerUser,
    read: readFolders,
    events: (userId, after) => inboxEventsAfter(db, userId, after),
    watch: (onChange) => watchInboxEvents(db, limits.eventPollMs, onChange),
  });

  router.get(
    "/inbox/folders",
    endpoint({ auth: requireUser, query: ReadQuerySchema }, async ({ req, res, user }) => {
      const folders = await readCache(db).read(`inboxFolders:${user.id}`, async () => {
        const rows = await db.inboxFolder.findMany({
          where: { userId: user.id },
          orderBy: { folderId: "asc" },
        });
        return rows.map(toFolder);
      });
      sendFields(req, res, folders, FOLDER_FIELDS);
    }),
  );

  router.post(
    "/inbox/folders/:id",
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [FolderParamsSchema, "folder id"],
        body: [FolderUpdateSchema, "folder"],
      },
      async ({ req, res, user, params: { id }, body }) => {
        const send = fieldsSender(req, FOLDER_FIELDS);
        if (body.id !== undefined && body.id !== id) {
          throw badRequest("Invalid folder: the body's id differs from the path's");
        }
        const row = await db.inboxFolder.upsert({
          where: { userId_folderId: { userId: user.id, folderId: id } },
          create: { userId: user.id, folderId: id, lastSeen: BigInt(body.lastSeen) },
          update: { lastSeen: BigInt(body.lastSeen) },
        });
        await publishInboxChange(db, user.id);
        send(res, toFolder(row));
      },
    ),
  );

  router.post(
    "/inbox/lastSeen",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, body: [LastSeenUpdateSchema, "lastSeen"] },
      async ({ res, user, body: { lastSeen } }) => {
        await db.$transaction(
          (["direct", "subscription"] as const).map((folderId) =>
            db.inboxFolder.upsert({
              where: { userId_folderId: { userId: user.id, folderId } },
              create: { userId: user.id, folderId, lastSeen: BigInt(lastSeen) },
              update: { lastSeen: BigInt(lastSeen) },
            }),
          ),
        );
        await publishInboxChange(db, user.id);
        res.json({ lastSeen });
      },
    ),
  );

  router.get(
    "/inbox/threads",
    endpoint({ auth: requireUser, query: ThreadsQuerySchema }, async ({ req, res, user, query }) => {
      const rows = await db.inboxThread.findMany({
        where: {
          userId: user.id,
          ...(query.folder ? { folderId: query.folder } : {}),
          ...(query.end !== undefined ? { updated: { lt: BigInt(query.end) } } : {}),
          ...(query.unreadOnly ? { messages: { some: { read: false } } } : {}),
        },
        include: threadInclude,
        orderBy: [{ updated: query.reverse === false ? "asc" : "desc" }, { id: "asc" }],
        skip: query.$skip,
        take: query.$top,
      });
      const authors = await authorNames(
        db,
        rows.flatMap((r) => r.messages.flatMap((m) => (m.author ? [m.author] : []))),
      );
      sendFields(
        req,
        res,
        rows.map((r) => toThread(r, authors)),
        THREAD_FIELDS,
      );
    }),
  );

  router.post(
    "/inbox/threads/:id",
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [IdParamsSchema, "thread id"],
        body: [ThreadUpdateSchema, "thread"],
      },
      async ({ req, res, user, params: { id }, body: { muted } }) => {
        const send = fieldsSender(req, "id,muted");
        const updated = await db.inboxThread.updateMany({ where: { id, userId: user.id }, data: { muted } });
        if (updated.count === 0) throw notFound(`Thread ${id} not found`);
        await publishInboxChange(db, user.id);
        send(res, { id, muted });
      },
    ),
  );

  router.post(
    "/inbox/markThread",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, body: [MarkThreadSchema, "markThread"] },
      async ({ req, res, user, body: { thread, read } }) => {
        const send = fieldsSender(req, "read");
        await db.$transaction(async (tx) => {
          const owned = await tx.inboxThread.findFirst({ where: { id: thread.id, userId: user.id } });
          if (!owned) throw notFound(`Thread ${thread.id} not found`);
          await tx.inboxMessage.updateMany({ where: { threadId: thread.id }, data: { read } });
        });
        await publishInboxChange(db, user.id);
        send(res, { read });
      },
    ),
  );

  router.post(
    "/inbox/markAll",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, body: [MarkAllSchema, "markAll"] },
      async ({ res, user, body: { read, folder } }) => {
        const result = await db.inboxMessage.updateMany({
          where: {
            thread: { userId: user.id, ...(folder ? { folderId: folder.id } : {}) },
          },
          data: { read },
        });
        await publishInboxChange(db, user.id);
        res.json({ read, updated: result.count });
      },
    ),
  );

  // Administrators send a notification to someone's inbox; it reaches their open tabs at once.
  router.post(
    "/inbox/threads",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, body: [NewThreadSchema, "thread"] },
      async ({ req, res, user, body: input }) => {
        const send = fieldsSender(req, THREAD_FIELDS);
        if ((await projectsWith(db, user.id, PERMISSION.LOW_LEVEL_READ)) !== "all") {
          throw forbidden("Only administrators can send notifications");
        }
        const recipient = await db.user.findUnique({ where: { login: input.recipient.login } });
        if (!recipient || recipient.guest)
          throw badRequest(`Invalid recipient: no user ${input.recipient.login}`);
        const now = BigInt(Date.now());
        const created = await db.$transaction(async (tx) => {
          const thread = await tx.inboxThread.create({
            data: {
              id: `t-${randomUUID()}`,
              userId: recipient.id,
              folderId: input.folder.id,
              type: input.type,
              subject: input.subject,
              issueId: input.issue?.idReadable ?? null,
              updated: now,
              messages: {
                create: { id: `m-${randomUUID()}`, author: user.login, text: input.text, timestamp: now },
              },
            },
            include: threadInclude,
          });
          await tx.inboxFolder.upsert({
            where: { userId_folderId: { userId: recipient.id, folderId: input.folder.id } },
            create: { userId: recipient.id, folderId: input.folder.id, lastNotified: now },
            update: { lastNotified: now },
          });
          return thread;
        });
        await publishInboxChange(db, recipient.id, created.id);
        const thread = toThread(created, await authorNames(db, [user.login]));
        // The push goes out beside the answer: a slow push service delays no one.
        if (push && readNotificationKinds(recipient.notificationKinds)[notificationKindOf(thread)]) {
          push
            .notify(recipient.id, notificationOf(thread, markdownAsText))
            .catch((error: unknown) => req.log?.warn({ err: error }, "web push failed"));
        }
        res.status(201);
        send(res, thread);
      },
    ),
  );

  // The inbox as a stream of folders and pings (docs/notifications.md, The event stream).
  router.get(
    "/inbox/events",
    endpoint({ auth: requireUser, query: ReadQuerySchema }, async ({ req, res, user }) => {
      // Listened for first, so a client gone during the first read leaves no timer or registration behind.
      let closed = false;
      const cleanups: (() => void)[] = [];
      req.on("close", () => {
        closed = true;
        for (const cleanup of cleanups) cleanup();
      });
      const { system } = await loadConfiguration(db);
      res.status(200).set({
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      });
      const flush = () => (res as unknown as { flush?: () => void }).flush?.();
      const write = (text: string) => {
        if (res.writableEnded) return;
        res.write(text);
        flush();
      };
      // A reconnecting stream resumes after the last event it had; a new one starts at the newest.
      const latest = await latestInboxEvent(db, user.id);
      const resumeFrom = parseLastEventId(req.get("last-event-id"));
      const cursor = resumeFrom !== undefined && resumeFrom <= latest ? resumeFrom : latest;
      write(`retry: 30000\n${sseMessage("ready", { pingTimeoutMs: system.ssePingTimeoutMs })}`);
      write(sseMessage("folders", await readFolders(user.id), cursor));
      if (closed) return;
      const ping = setInterval(
        () => write(sseMessage("ping", { at: Date.now() })),
        pingIntervalFor(system.ssePingTimeoutMs),
      );
      cleanups.push(
        () => clearInterval(ping),
        trackStream(res),
        streams.add(user.id, {
          cursor,
          send: write,
          supersede: () => {
            write(sseMessage("superseded", { reason: "too_many_streams" }));
            res.end();
          },
        }),
      );
    }),
  );

  return router;
}
