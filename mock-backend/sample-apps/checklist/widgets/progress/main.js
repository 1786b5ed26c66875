/* global YTApp */
// Beside the fields: how much of the checklist is done (top of the panel), or what is left before the
// issue can be closed (bottom of the panel, shown on unresolved issues only by the manifest's guard).
import { messageOf, plural, show, ytApp } from "../assets/ui.js";

const status = document.getElementById("status");
ytApp(status);
const host = await YTApp.register();
const beforeClosing = new URLSearchParams(location.search).get("place") === "before-closing";

try {
  const answer = await host.fetchApp("backend/items", { scope: true });
  const items = Array.isArray(answer?.items) ? answer.items : [];
  const done = items.filter((item) => item.done).length;
  document.getElementById("bar").style.width = items.length
    ? `${Math.round((done / items.length) * 100)}%`
    : "0";
  if (items.length === 0)
    show(status, beforeClosing ? "No checklist: nothing to tick off first." : "No checklist yet");
  else if (beforeClosing) {
    const left = items.length - done;
    show(
      status,
      left ? `${plural(left, "checklist item")} left before closing` : "Checklist complete: ready to close",
      left ? "" : "ok",
    );
  } else show(status, `Checklist: ${done} of ${items.length} done`, done === items.length ? "ok" : "");
} catch (error) {
  show(status, `Checklist unavailable: ${messageOf(error)}`, "error");
}
