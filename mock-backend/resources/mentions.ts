import { Router } from "express";
import { PERMISSION } from "#contract/constants.ts";
import { MentionsQuerySchema } from "#contract/api.ts";
import { currentUser } from "../auth.ts";
import type { Db } from "../db.ts";
import { endpoint, sendFields } from "../http.ts";
import { projectsWith, readableIssues } from "../model.ts";

const MENTION_FIELDS =
  "issues(id,idReadable,summary,resolved),articles(id,idReadable,summary),users(id,login,name,profileUrl)";

/** GET /api/mentions?ids=…&logins=…: what a text's mentions refer to, leaving out what the caller cannot read. */
export function mentionsRouter(db: Db): Router {
  const router = Router();

  router.get(
    "/mentions",
    endpoint({ query: MentionsQuerySchema }, async ({ req, res, query }) => {
      const userId = currentUser(req).id;
      const ids = query.ids ?? [];
      const logins = query.logins ?? [];
      const articleScope = async () => {
        const projects = await projectsWith(db, userId, PERMISSION.READ_ARTICLE);
        return projects === "all" ? {} : { projectId: { in: projects } };
      };
      const [issues, articles, users] = await Promise.all([
        ids.length === 0
          ? []
          : db.issue.findMany({
              where: { AND: [await readableIssues(db, userId), { idReadable: { in: ids } }] },
              select: { id: true, idReadable: true, summary: true, resolved: true },
              orderBy: { idReadable: "asc" },
            }),
        ids.length === 0
          ? []
          : db.article.findMany({
              where: { ...(await articleScope()), idReadable: { in: ids } },
              select: { id: true, idReadable: true, summary: true },
              orderBy: { idReadable: "asc" },
            }),
        logins.length === 0
          ? []
          : db.user.findMany({
              where: { login: { in: logins }, guest: false },
              select: { id: true, login: true, name: true },
              orderBy: { login: "asc" },
            }),
      ]);
      sendFields(
        req,
        res,
        {
          issues: issues.map((issue) => ({
            ...issue,
            resolved: issue.resolved === null ? null : Number(issue.resolved),
          })),
          articles,
          users: users.map((user) => ({ ...user, profileUrl: `/users/${encodeURIComponent(user.id)}` })),
        },
        MENTION_FIELDS,
      );
    }),
  );

  return router;
}
