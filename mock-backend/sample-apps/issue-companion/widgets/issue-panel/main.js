/* global YTApp */
// The issue places (field panel first and last, above the activity stream): the entity and its summary.
import { messageOf, show, ytApp } from "../assets/ui.js";

const status = document.getElementById("status");
ytApp(status);
show(status, "Registering…");
const host = await YTApp.register();
const entity = YTApp.entity;
document.getElementById("entity").textContent = entity
  ? `Issue ${entity.idReadable ?? entity.id}`
  : "No issue";

if (entity) {
  show(status, "Loading…");
  try {
    const issue = await host.fetchYouTrack(`issues/${encodeURIComponent(entity.id)}`, {
      query: { fields: "idReadable,summary" },
    });
    show(status, `GET ok: ${issue.idReadable}: ${issue.summary}`, "ok");
  } catch (error) {
    show(status, `GET failed: ${messageOf(error)}`, "error");
  }
} else {
  show(status, "Nothing to show here", "");
}
