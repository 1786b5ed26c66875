/* global YTApp */
// The article places (below the summary, above the activity): a handler scoped to the article.
import { describeFailure, show, ytApp } from "../assets/ui.js";

const status = document.getElementById("status");
ytApp(status);
show(status, "Registering…");
const host = await YTApp.register();
const entity = YTApp.entity;
document.getElementById("entity").textContent = entity
  ? `Article ${entity.idReadable ?? entity.id}`
  : "No article";

show(status, "Loading…");
try {
  const info = await host.fetchApp("backend/article-info", { scope: true });
  show(status, `GET ok: article ${info.article}, read by ${info.viewer}`, "ok");
} catch (error) {
  show(status, describeFailure("GET", error), "error");
}
