import { Router } from "express";
import type { z } from "zod";
import type { Prisma } from "#prisma/generated/client.ts";
import { PERMISSION } from "#contract/constants.ts";
import {
  ArticleUpdateSchema,
  IdParamsSchema,
  IssueUpdateSchema,
  ListQuerySchema,
  ReadQuerySchema,
} from "#contract/api.ts";
import { currentUser, requireUser, type AuthUser } from "../auth.ts";
import { dbProvider, type Db } from "../db.ts";
import { readCache } from "../read-cache.ts";
import { endpoint, fieldsSender, forbidden, notFound, sendFields } from "../http.ts";
import { projectsWith, readableIssues } from "../model.ts";
import { IssueListQuerySchema } from "#contract/app-api.ts";
import {
  issueFieldsInclude,
  loadCatalog,
  loadUsers,
  localizeIssueFields,
  toIssueFields,
} from "../issue-fields.ts";
import { loadGeneralProfile } from "./users.ts";
import { compileQuery } from "../search-query.ts";

const ISSUE_FIELDS = "id,idReadable,summary,resolved,project(shortName)";
const ARTICLE_FIELDS = "id,idReadable,summary,project(shortName)";
const include = {
  project: { select: { id: true, shortName: true, name: true } },
  reporter: { select: { login: true, name: true } },
} as const;
const issueInclude = { ...include, ...issueFieldsInclude } as const;

type IssueRow = Prisma.IssueGetPayload<{ include: typeof issueInclude }>;

function toIssue(row: IssueRow, users: Awaited<ReturnType<typeof loadUsers>>) {
  const { fieldValues, project, ...rest } = row;
  const fields = toIssueFields(project.fields, fieldValues, users);
  return {
    ...toEntity(rest),
    project: { id: project.id, shortName: project.shortName, name: project.name },
    // The REST API's name for them; apps' scripts know them as `fields`.
    customFields: fields,
    fields,
  };
}

/** `issues` as `user` reads them: the fields in their language, read once for all. */
async function forReader<T extends ReturnType<typeof toIssue>>(db: Db, user: AuthUser, issues: T[]) {
  const { language } = (await loadGeneralProfile(db, user.id)).locale;
  return issues.map((issue) => {
    const fields = localizeIssueFields(issue.customFields, language);
    return { ...issue, customFields: fields, fields };
  });
}

async function oneForReader<T extends ReturnType<typeof toIssue>>(db: Db, user: AuthUser, issue: T) {
  return (await forReader(db, user, [issue]))[0]!;
}

function toEntity<T extends { resolved?: bigint | null; created: bigint; updated: bigint }>(row: T) {
  return {
    ...row,
    ...("resolved" in row ? { resolved: row.resolved === null ? null : Number(row.resolved) } : {}),
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

/**
 * Every word of the query in the readable id or the summary, ignoring case: SQLite's LIKE does for
 * ASCII, PostgreSQL needs the insensitive mode (which the SQLite client's types do not know).
 */
function matching(db: Db, query: string | undefined) {
  const words = (query ?? "").split(/\s+/).filter(Boolean).slice(0, 10);
  const mode = dbProvider(db) === "postgresql" ? ({ mode: "insensitive" } as object) : {};
  return words.length === 0
    ? {}
    : {
        AND: words.map((word) => ({
          OR: [{ idReadable: { contains: word, ...mode } }, { summary: { contains: word, ...mode } }],
        })),
      };
}

export type TextKind = "issue" | "article";

export interface EntityText {
  id: string;
  projectId: string;
  text: string;
}

/** The issue (article) `id` names, by id or readable id, if `userId` may read it; else 404. */
export async function readableText(db: Db, kind: TextKind, userId: string, id: string): Promise<EntityText> {
  const byId = { OR: [{ id }, { idReadable: id }] };
  const row =
    kind === "issue"
      ? await db.issue
          .findFirst({
            where: { AND: [await readableIssues(db, userId), byId] },
            select: { id: true, projectId: true, description: true },
          })
          .then((r) => r && { id: r.id, projectId: r.projectId, text: r.description })
      : await db.article
          .findFirst({
            where: { AND: [await readableArticles(db, userId), byId] },
            select: { id: true, projectId: true, content: true },
          })
          .then((r) => r && { id: r.id, projectId: r.projectId, text: r.content });
  if (!row) throw notFound(`${kind === "issue" ? "Issue" : "Article"} ${id} not found`);
  return row;
}

/** The same, when `userId` may also edit it: creating there implies editing (no separate permission). */
export async function editableText(db: Db, kind: TextKind, userId: string, id: string): Promise<EntityText> {
  const row = await readableText(db, kind, userId, id);
  const create = kind === "issue" ? PERMISSION.CREATE_ISSUE : PERMISSION.CREATE_ARTICLE;
  const projects = await projectsWith(db, userId, create);
  if (projects !== "all" && !projects.includes(row.projectId)) {
    throw forbidden(`You cannot edit this ${kind}`);
  }
  return row;
}

async function readableArticles(db: Db, userId: string): Promise<Prisma.ArticleWhereInput> {
  const projects = await projectsWith(db, userId, PERMISSION.READ_ARTICLE);
  return projects === "all" ? {} : { projectId: { in: projects } };
}

/**
 * Issues and articles, visible where the caller holds READ_ISSUE or READ_ARTICLE; helpdesk tickets only
 * to the project's agents and to their reporter.
 */
export function contentRouter(db: Db): Router {
  const router = Router();

  /** Newest first, matching the search query, among what the caller may read; cached. */
  async function listIssues(user: AuthUser, query: z.infer<typeof IssueListQuerySchema>) {
    const where = {
      AND: [await readableIssues(db, user.id), compileQuery(await loadCatalog(db, user), query.query)],
    };
    const take = query.$top;
    const key = `list:${JSON.stringify(["issue", where, query.$skip, take])}`;
    return readCache(db).read(key, async () => {
      const [rows, users] = await Promise.all([
        db.issue.findMany({
          include: issueInclude,
          orderBy: { created: "desc" },
          skip: query.$skip,
          take,
          where,
        }),
        loadUsers(db),
      ]);
      return rows.map((row) => toIssue(row, users));
    });
  }

  async function list(kind: "article", userId: string, query: z.infer<typeof ListQuerySchema>) {
    const page = { include, orderBy: { created: "desc" as const }, skip: query.$skip, take: query.$top };
    const key = (where: object) => `list:${JSON.stringify([kind, where, query.$skip, query.$top])}`;
    const where = { AND: [await readableArticles(db, userId), matching(db, query.query)] };
    return readCache(db).read(key(where), async () =>
      (await db.article.findMany({ ...page, where })).map(toEntity),
    );
  }

  router.get(
    "/issues",
    endpoint({ query: IssueListQuerySchema }, async ({ req, res, query }) => {
      const user = currentUser(req);
      const issues = await listIssues(user, query);
      sendFields(req, res, await forReader(db, user, issues), ISSUE_FIELDS);
    }),
  );

  router.get(
    "/issues/:id",
    endpoint(
      { query: ReadQuerySchema, params: [IdParamsSchema, "issue id"] },
      async ({ req, res, params: { id } }) => {
        const user = currentUser(req);
        const where = await readableIssues(db, user.id);
        const row = await db.issue.findFirst({
          where: { AND: [where, { OR: [{ id }, { idReadable: id }] }] },
          include: issueInclude,
        });
        if (!row) throw notFound(`Issue ${id} not found`);
        sendFields(req, res, await oneForReader(db, user, toIssue(row, await loadUsers(db))), ISSUE_FIELDS);
      },
    ),
  );

  router.get(
    "/articles",
    endpoint({ query: ListQuerySchema }, async ({ req, res, query }) => {
      sendFields(req, res, await list("article", currentUser(req).id, query), ARTICLE_FIELDS);
    }),
  );

  router.get(
    "/articles/:id",
    endpoint(
      { query: ReadQuerySchema, params: [IdParamsSchema, "article id"] },
      async ({ req, res, params: { id } }) => {
        const where = await readableArticles(db, currentUser(req).id);
        const row = await db.article.findFirst({
          where: { AND: [where, { OR: [{ id }, { idReadable: id }] }] },
          include,
        });
        if (!row) throw notFound(`Article ${id} not found`);
        sendFields(req, res, toEntity(row), ARTICLE_FIELDS);
      },
    ),
  );

  router.post(
    "/issues/:id",
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [IdParamsSchema, "issue id"],
        body: [IssueUpdateSchema, "issue"],
      },
      async ({ req, res, user, params: { id }, body: update }) => {
        const send = fieldsSender(req, ISSUE_FIELDS);
        const row = await editableText(db, "issue", user.id, id);
        const saved = await db.issue.update({
          where: { id: row.id },
          data: { description: update.description, updated: BigInt(Date.now()) },
          include: issueInclude,
        });
        send(res, await oneForReader(db, user, toIssue(saved, await loadUsers(db))));
      },
    ),
  );

  router.post(
    "/articles/:id",
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [IdParamsSchema, "article id"],
        body: [ArticleUpdateSchema, "article"],
      },
      async ({ req, res, user, params: { id }, body: update }) => {
        const send = fieldsSender(req, ARTICLE_FIELDS);
        const row = await editableText(db, "article", user.id, id);
        const saved = await db.article.update({
          where: { id: row.id },
          data: { content: update.content, updated: BigInt(Date.now()) },
          include,
        });
        send(res, toEntity(saved));
      },
    ),
  );

  return router;
}
