/* global YTApp */
// The request playground: the app's own handlers (fetchApp), the product API (fetchYouTrack) with GET,
// confirmed POST and DELETE, requests outside the api path, an alert and the modal mode.
import { describeFailure, messageOf, plural, show, ytApp } from "../assets/ui.js";

const $ = (id) => document.getElementById(id);
const result = $("result");
const NOTES_PATH = "extensionEndpoints/issue-companion/backend-global/notes";

ytApp(result);
show(result, "Registering…");
const host = await YTApp.register();
$("issue").textContent = YTApp.entity?.idReadable ?? YTApp.entity?.id ?? "this issue";
show(result, "Ready");

/** Shows the lines of the last action in the status and appends them to the log. */
function report(lines, tone) {
  show(result, lines.join("\n"), tone);
  for (const line of lines) {
    const item = document.createElement("li");
    item.textContent = line;
    $("log").append(item);
  }
}

function renderNotes(answer) {
  const notes = answer && Array.isArray(answer.notes) ? answer.notes : [];
  $("notes").replaceChildren(
    ...notes.map((note) => {
      const item = document.createElement("li");
      item.textContent = note && typeof note === "object" ? `${note.text} (${note.author})` : String(note);
      return item;
    }),
  );
  return plural(notes.length, "note");
}

const noteText = () => $("text").value.trim() || "Quick note";

/** Runs one request and reports "METHOD ok: …" or the failure. */
function action(id, method, request, describe) {
  $(id).addEventListener("click", async () => {
    show(result, `${method} …`);
    try {
      report([`${method} ok: ${describe(await request())}`], "ok");
    } catch (error) {
      report([describeFailure(method, error)], "error");
    }
  });
}

action("load", "GET", () => host.fetchApp("backend/notes", { scope: true }), renderNotes);
action(
  "add",
  "POST",
  () => host.fetchYouTrack(NOTES_PATH, { method: "POST", body: { text: noteText() } }),
  renderNotes,
);
action("clear", "DELETE", () => host.fetchYouTrack(NOTES_PATH, { method: "DELETE" }), renderNotes);
// Real apps send lower-case methods and plain-text bodies.
action(
  "add-app",
  "POST",
  () => host.fetchApp("backend-global/notes", { method: "post", body: "plain text body" }),
  renderNotes,
);
// The query inline, no second argument.
action(
  "me",
  "GET",
  () => host.fetchYouTrack("users/me?fields=id,login"),
  (me) => String(me?.login),
);

$("outside").addEventListener("click", async () => {
  const lines = [];
  for (const url of ["../../login", "https://evil.example/steal"]) {
    try {
      await host.fetchYouTrack(url);
      lines.push(`Not refused: ${url} answered`);
    } catch (error) {
      const message = messageOf(error);
      lines.push(/is not allowed/i.test(message) ? `Refused: ${message}` : `Failed: ${message}`);
    }
  }
  report(lines, lines.every((line) => line.startsWith("Refused: ")) ? "ok" : "error");
});

$("alert").addEventListener("click", async () => {
  try {
    await host.alert("Saved", "success");
    report(["Alert shown"], "ok");
  } catch (error) {
    report([`Alert failed: ${messageOf(error)}`], "error");
  }
});

$("expand").addEventListener("click", async () => {
  try {
    await host.enterModalMode();
    report(["Modal mode: on"], "ok");
  } catch (error) {
    report([`Modal mode failed: ${messageOf(error)}`], "error");
  }
});

$("back").addEventListener("click", async () => {
  try {
    await host.exitModalMode();
    report(["Modal mode: off"], "ok");
  } catch (error) {
    report([`Modal mode failed: ${messageOf(error)}`], "error");
  }
});
