// The checklist of one issue, kept in the issue's extension property `checklist` (a JSON array):
// api/issues/{id}/extensionEndpoints/checklist/backend/{items,toggle}; widgets call them with
// fetchApp("backend/items", {scope: true}).

const MAX_ITEMS = 50;
const MAX_LENGTH = 200;

function readItems(issue) {
  const raw = issue.extensionProperties && issue.extensionProperties.checklist;
  if (typeof raw !== "string" || raw === "") return [];
  try {
    const parsed = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((item) => item && typeof item.text === "string") : [];
  } catch {
    return [];
  }
}

function writeItems(issue, items) {
  issue.extensionProperties.checklist = JSON.stringify(items);
}

/** The request's JSON object, or an empty one for a body that is not one. */
function bodyOf(ctx) {
  try {
    const value = ctx.request.json();
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function refuse(ctx, message) {
  ctx.response.code = 400;
  ctx.response.json({ error: message });
}

exports.httpHandler = {
  endpoints: [
    {
      scope: "issue",
      method: "GET",
      path: "items",
      handle(ctx) {
        ctx.response.json({ items: readItems(ctx.issue) });
      },
    },
    {
      scope: "issue",
      method: "POST",
      path: "items",
      handle(ctx) {
        const text = typeof bodyOf(ctx).text === "string" ? bodyOf(ctx).text.trim() : "";
        if (text === "" || text.length > MAX_LENGTH)
          return refuse(ctx, `An item needs 1 to ${MAX_LENGTH} characters`);
        const items = readItems(ctx.issue);
        if (items.length >= MAX_ITEMS) return refuse(ctx, `A checklist holds at most ${MAX_ITEMS} items`);
        const id = items.reduce((top, item) => Math.max(top, Number(item.id) || 0), 0) + 1;
        items.push({ id, text, done: false, author: ctx.currentUser.login });
        writeItems(ctx.issue, items);
        ctx.response.json({ items });
      },
    },
    {
      scope: "issue",
      method: "POST",
      path: "toggle",
      handle(ctx) {
        const { id, done } = bodyOf(ctx);
        const items = readItems(ctx.issue);
        const item = items.find((candidate) => candidate.id === id);
        if (!item) return refuse(ctx, "No such item");
        item.done = done === true;
        writeItems(ctx.issue, items);
        ctx.response.json({ items });
      },
    },
    {
      scope: "issue",
      method: "DELETE",
      path: "items",
      handle(ctx) {
        writeItems(ctx.issue, []);
        ctx.response.json({ items: [] });
      },
    },
  ],
};
