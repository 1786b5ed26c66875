// Handlers scoped to one entity: GET api/{issues,articles,users,admin/projects}/{id}/extensionEndpoints/issue-companion/backend/{path}
// (widgets call them with fetchApp("backend/<path>", {scope: true})).

/** The app's notes, kept as a JSON string in the app's global storage by backend-global.js. */
function readNotes(properties) {
  const raw = properties && properties.notes;
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== "string" || raw === "") return [];
  try {
    const parsed = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

exports.httpHandler = {
  endpoints: [
    {
      scope: "issue",
      method: "GET",
      path: "notes",
      handle(ctx) {
        ctx.response.json({
          issue: ctx.issue.id,
          notes: readNotes(ctx.globalStorage.extensionProperties),
          issueNotes: readNotes(ctx.issue.extensionProperties),
        });
      },
    },
    {
      scope: "article",
      method: "GET",
      path: "article-info",
      handle(ctx) {
        ctx.response.json({ article: ctx.article.id, viewer: ctx.currentUser.login });
      },
    },
    {
      scope: "user",
      method: "GET",
      path: "user-info",
      handle(ctx) {
        ctx.response.json({ user: ctx.user.id, viewer: ctx.currentUser.login });
      },
    },
    {
      scope: "project",
      method: "GET",
      path: "project-info",
      handle(ctx) {
        ctx.response.json({ project: ctx.project.id, viewer: ctx.currentUser.login });
      },
    },
  ],
};
