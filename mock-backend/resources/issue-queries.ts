// Issue reads real apps make besides the list: search count and query assist (POST), activities pages.
import { Router } from "express";
import type { Prisma } from "#prisma/generated/client.ts";
import { PERMISSION } from "#contract/constants.ts";
import { currentUser, type AuthUser } from "../auth.ts";
import {
  ActivitiesPageQuerySchema,
  IssueCountRequestSchema,
  SearchAssistRequestSchema,
  type ActivityCategory,
} from "#contract/app-api.ts";
import { z } from "zod";
import { IdParamsSchema, ReadQuerySchema } from "#contract/api.ts";
import type { Db } from "../db.ts";
import { bundleOf, loadCatalog, loadUsers, toApiUser } from "../issue-fields.ts";
import { endpoint, fieldsSender, notFound, sendFields } from "../http.ts";
import { projectsWith, readableIssues } from "../model.ts";
import { assistQuery } from "../search-assist.ts";
import { compileQuery } from "../search-query.ts";

const orEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((body) => body ?? {}, schema);

const COUNT_FIELDS = "count";
const ASSIST_FIELDS = "query,caret";
const PAGE_FIELDS = "activities(id,timestamp)";
export const MAX_ACTIVITIES_PAGE = 1000;

/** Categories that need a permission in the issue's project besides reading the issue. */
const CATEGORY_PERMISSION: Partial<Record<ActivityCategory, string>> = {
  CommentsCategory: PERMISSION.READ_COMMENT,
};

export function issueQueriesRouter(db: Db): Router {
  const router = Router();

  /** The issues `user` may read that a folder (a project, by id or short name) holds; 404 for another. */
  async function folderCondition(user: AuthUser, folder: { id: string } | null | undefined) {
    if (!folder) return {};
    const catalog = await loadCatalog(db, user);
    const project = catalog.projects.find((p) => p.id === folder.id || p.shortName === folder.id);
    if (!project) throw notFound(`Folder ${folder.id} not found`);
    return { projectId: project.id };
  }

  router.post(
    "/issuesGetter/count",
    endpoint(
      { auth: currentUser, query: ReadQuerySchema, body: [orEmpty(IssueCountRequestSchema), "search"] },
      async ({ req, res, user, body }) => {
        const send = fieldsSender(req, COUNT_FIELDS);
        const where: Prisma.IssueWhereInput = {
          AND: [
            await readableIssues(db, user.id),
            compileQuery(await loadCatalog(db, user), body.query),
            await folderCondition(user, body.folder),
            body.unresolvedOnly ? { resolved: null } : {},
          ],
        };
        send(res, {
          $type: "IssueCountResponse",
          id: "issue-count",
          count: await db.issue.count({ where }),
          query: body.query ?? null,
          unresolvedOnly: body.unresolvedOnly ?? false,
        });
      },
    ),
  );

  router.post(
    "/search/assist",
    endpoint(
      { query: ReadQuerySchema, body: [orEmpty(SearchAssistRequestSchema), "search"] },
      async ({ req, res, body }) => {
        const send = fieldsSender(req, ASSIST_FIELDS);
        const catalog = await loadCatalog(db, currentUser(req));
        send(res, { $type: "SearchSuggestions", ...assistQuery(catalog, body.query ?? "", body.caret) });
      },
    ),
  );

  router.get(
    "/issues/:id/activitiesPage",
    endpoint(
      { auth: currentUser, query: ActivitiesPageQuerySchema, params: [IdParamsSchema, "issue id"] },
      async ({ req, res, user, query, params: { id } }) => {
        const issue = await db.issue.findFirst({
          where: { AND: [await readableIssues(db, user.id), { OR: [{ id }, { idReadable: id }] }] },
          select: { id: true, idReadable: true, projectId: true },
        });
        if (!issue) throw notFound(`Issue ${id} not found`);

        const categories: string[] = [];
        for (const category of query.categories) {
          const needed = CATEGORY_PERMISSION[category];
          const projects = needed === undefined ? "all" : await projectsWith(db, user.id, needed);
          if (projects === "all" || projects.includes(issue.projectId)) categories.push(category);
        }
        const reverse = query.reverse ?? false;
        const author = query.author
          ? (await loadCatalog(db, user)).users.find(
              (u) =>
                u.id === query.author ||
                u.login === query.author ||
                (query.author === "me" && u.id === user.id),
            )
          : undefined;
        if (query.author && !author) throw notFound(`User ${query.author} not found`);
        const take = Math.min(
          query.$top === undefined || query.$top < 0 ? MAX_ACTIVITIES_PAGE : query.$top,
          MAX_ACTIVITIES_PAGE,
        );
        // The cursor is the position after the previous page in this page's order.
        const skip = query.cursor === undefined ? 0 : Number(query.cursor);
        const where: Prisma.IssueActivityWhereInput = {
          issueId: issue.id,
          category: { in: categories },
          timestamp: {
            ...(query.start === undefined ? {} : { gte: BigInt(query.start) }),
            ...(query.end === undefined ? {} : { lte: BigInt(query.end) }),
          },
          ...(author ? { authorId: author.id } : {}),
        };
        const [rows, total, users, fields] = await Promise.all([
          db.issueActivity.findMany({
            where,
            orderBy: [{ timestamp: reverse ? "desc" : "asc" }, { id: reverse ? "desc" : "asc" }],
            skip,
            take,
          }),
          db.issueActivity.count({ where }),
          loadUsers(db),
          db.projectCustomField.findMany({ where: { projectId: issue.projectId }, include: { field: true } }),
        ]);
        const userOf = (userId: unknown) => {
          const row = typeof userId === "string" ? users.get(userId) : undefined;
          return row ? toApiUser(row) : null;
        };
        const activities = rows.map((row) => {
          const field = fields.find((f) => f.id === row.fieldId);
          const values = (json: string) => {
            const list = JSON.parse(json) as unknown[];
            if (row.category === "VotersCategory") return list.map(userOf).filter((u) => u !== null);
            if (row.category === "CustomFieldCategory" && field) {
              return list.map((value) => {
                const element = bundleOf(field.field).find((e) => e.id === value);
                const $type = field.field.valueType === "state" ? "StateBundleElement" : "EnumBundleElement";
                return element ? { id: element.id, name: element.name, $type } : userOf(value);
              });
            }
            return list.map((comment) => ({ $type: "IssueComment", ...(comment as object) }));
          };
          return {
            $type: ACTIVITY_TYPES[row.category as ActivityCategory] ?? "ActivityItem",
            id: row.id,
            timestamp: Number(row.timestamp),
            author: userOf(row.authorId),
            category: { id: row.category },
            target: { id: issue.id, idReadable: issue.idReadable, $type: "Issue" },
            targetMember: TARGET_MEMBERS[row.category as ActivityCategory] ?? null,
            field: field
              ? { id: field.id, presentation: field.field.name, $type: "CustomFilterField" }
              : null,
            added: values(row.added),
            removed: values(row.removed),
          };
        });
        const end = skip + rows.length;
        sendFields(
          req,
          res,
          {
            $type: "CursorPage",
            id: `activities-${issue.id}`,
            activities,
            reverse,
            beforeCursor: skip > 0 ? String(Math.max(skip - take, 0)) : null,
            afterCursor: end < total ? String(end) : null,
            hasBefore: skip > 0,
            hasAfter: end < total,
          },
          PAGE_FIELDS,
        );
      },
    ),
  );

  return router;
}

const ACTIVITY_TYPES: Record<ActivityCategory, string> = {
  VotersCategory: "VotersActivityItem",
  CommentsCategory: "CommentActivityItem",
  CustomFieldCategory: "CustomFieldActivityItem",
};
const TARGET_MEMBERS: Record<ActivityCategory, string | null> = {
  VotersCategory: "voters",
  CommentsCategory: "comments",
  CustomFieldCategory: null,
};
