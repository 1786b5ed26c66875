// The team's announcement, kept in the app's global storage:
// api/extensionEndpoints/team-space/backend-global/announcement. Any member may post one, as on a notice
// board; it shows who wrote it.

const MAX_LENGTH = 1000;

function readAnnouncement(ctx) {
  try {
    const parsed = JSON.parse(ctx.globalStorage.extensionProperties.announcement || "null");
    return parsed && typeof parsed.text === "string" ? parsed : { text: "" };
  } catch {
    return { text: "" };
  }
}

exports.httpHandler = {
  endpoints: [
    {
      method: "GET",
      path: "announcement",
      handle(ctx) {
        ctx.response.json(readAnnouncement(ctx));
      },
    },
    {
      method: "POST",
      path: "announcement",
      handle(ctx) {
        let text;
        try {
          text = ctx.request.json().text;
        } catch {
          text = undefined;
        }
        if (typeof text !== "string" || text.length > MAX_LENGTH) {
          ctx.response.code = 400;
          ctx.response.json({ error: `An announcement has at most ${MAX_LENGTH} characters` });
          return;
        }
        const announcement = { text: text.trim(), author: ctx.currentUser.visibleName, posted: Date.now() };
        ctx.globalStorage.extensionProperties.announcement = JSON.stringify(announcement);
        ctx.response.json(announcement);
      },
    },
    {
      method: "DELETE",
      path: "announcement",
      handle(ctx) {
        ctx.globalStorage.extensionProperties.announcement = "";
        ctx.response.json({ text: "" });
      },
    },
  ],
};
