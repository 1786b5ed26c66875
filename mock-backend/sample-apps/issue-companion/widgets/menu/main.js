/* global YTApp */
// The issue and article options-menu popup: closes itself with closeWidget() or the deprecated collapse().
import { messageOf, show, ytApp } from "../assets/ui.js";

const status = document.getElementById("status");
ytApp(status);
const host = await YTApp.register();
const entity = YTApp.entity;
const kind = entity?.type === "article" ? "Article" : "Issue";
document.getElementById("heading").textContent = entity
  ? `${kind} ${entity.idReadable ?? entity.id}`
  : "Companion";

for (const [id, method] of [
  ["close", "closeWidget"],
  ["collapse", "collapse"],
]) {
  document.getElementById(id).addEventListener("click", async () => {
    try {
      await host[method]();
    } catch (error) {
      show(status, `Could not close: ${messageOf(error)}`, "error");
    }
  });
}
