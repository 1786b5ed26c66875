// A project's team note, which its members see on the Team tab, kept with the project:
// api/admin/projects/{id}/extensionEndpoints/team-space/backend/team-note.

const MAX_LENGTH = 1000;

exports.httpHandler = {
  endpoints: [
    {
      scope: "project",
      method: "GET",
      path: "team-note",
      handle(ctx) {
        ctx.response.json({ text: ctx.project.extensionProperties.teamNote || "" });
      },
    },
    {
      scope: "project",
      method: "POST",
      path: "team-note",
      handle(ctx) {
        let text;
        try {
          text = ctx.request.json().text;
        } catch {
          text = undefined;
        }
        if (typeof text !== "string" || text.length > MAX_LENGTH) {
          ctx.response.code = 400;
          ctx.response.json({ error: `A note has at most ${MAX_LENGTH} characters` });
          return;
        }
        ctx.project.extensionProperties.teamNote = text.trim();
        ctx.response.json({ text: text.trim() });
      },
    },
  ],
};
