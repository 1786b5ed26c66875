/* global YTApp */
// The options-menu popup: the checklist as a Markdown task list; it closes itself with closeWidget().
import { messageOf, show, ytApp } from "../assets/ui.js";

const $ = (id) => document.getElementById(id);
const status = $("status");
ytApp(status);
const host = await YTApp.register();
const issue = YTApp.entity;
if (issue?.idReadable) $("heading").textContent = `Checklist of ${issue.idReadable}`;

try {
  const answer = await host.fetchApp("backend/items", { scope: true });
  const items = Array.isArray(answer?.items) ? answer.items : [];
  $("markdown").value = items.map((item) => `- [${item.done ? "x" : " "}] ${item.text}`).join("\n");
  if (items.length === 0) show(status, "This issue has no checklist yet.");
} catch (error) {
  show(status, `Could not read the checklist: ${messageOf(error)}`, "error");
}

$("copy").addEventListener("click", async () => {
  $("markdown").select();
  try {
    await navigator.clipboard.writeText($("markdown").value);
    show(status, "Copied.", "ok");
  } catch {
    // A sandboxed frame may not reach the clipboard: the text stays selected for Ctrl+C.
    show(status, "Press Ctrl+C (⌘C) to copy the selected text.");
  }
});

$("close").addEventListener("click", () => {
  try {
    host.closeWidget();
  } catch (error) {
    show(status, `Could not close: ${messageOf(error)}`, "error");
  }
});
$("markdown").focus();
