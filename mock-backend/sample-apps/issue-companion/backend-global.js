// Global handlers: * api/extensionEndpoints/issue-companion/backend-global/notes
// (fetchApp("backend-global/notes", …) or fetchYouTrack("extensionEndpoints/issue-companion/backend-global/notes", …)).

const MAX_NOTES = 50;
const MAX_LENGTH = 500;

function readNotes(properties) {
  const raw = properties.notes;
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== "string" || raw === "") return [];
  try {
    const parsed = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function writeNotes(properties, notes) {
  properties.notes = JSON.stringify(notes);
}

/** The note's text from `{text}` JSON, a JSON string, or a plain-text body. */
function noteText(ctx) {
  let value;
  try {
    value = ctx.request.json();
  } catch {
    value = ctx.request.body;
  }
  if (value && typeof value === "object") value = value.text;
  return typeof value === "string" ? value.trim() : "";
}

exports.httpHandler = {
  endpoints: [
    {
      method: "GET",
      path: "notes",
      handle(ctx) {
        ctx.response.json({ notes: readNotes(ctx.globalStorage.extensionProperties) });
      },
    },
    {
      method: "POST",
      path: "notes",
      handle(ctx) {
        const text = noteText(ctx);
        if (text === "" || text.length > MAX_LENGTH) {
          ctx.response.code = 400;
          ctx.response.json({ error: `A note needs 1 to ${MAX_LENGTH} characters` });
          return;
        }
        const properties = ctx.globalStorage.extensionProperties;
        const notes = readNotes(properties)
          .concat([{ text, author: ctx.currentUser.login }])
          .slice(-MAX_NOTES);
        writeNotes(properties, notes);
        ctx.response.json({ notes });
      },
    },
    {
      method: "DELETE",
      path: "notes",
      handle(ctx) {
        writeNotes(ctx.globalStorage.extensionProperties, []);
        ctx.response.json({ notes: [] });
      },
    },
  ],
};
