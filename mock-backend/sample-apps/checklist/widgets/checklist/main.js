/* global YTApp */
// The issue's checklist. Adding and ticking go through the app's scoped handler (fetchApp); clearing goes
// through the product API, which asks the user first because it deletes data.
import { declined, el, messageOf, show, ytApp } from "../assets/ui.js";

const $ = (id) => document.getElementById(id);
const status = $("status");
const list = $("items");
const input = $("text");

ytApp(status);
const host = await YTApp.register();
const issue = YTApp.entity;
const scoped = { scope: true };

function render(items) {
  const done = items.filter((item) => item.done).length;
  $("summary").textContent = items.length ? `${done} of ${items.length} done` : "";
  $("bar").style.width = items.length ? `${Math.round((done / items.length) * 100)}%` : "0";
  $("empty").hidden = items.length > 0;
  $("clear").hidden = items.length === 0;
  list.replaceChildren(
    ...items.map((item) => {
      const box = document.createElement("input");
      box.type = "checkbox";
      box.id = `item-${item.id}`;
      box.checked = Boolean(item.done);
      box.addEventListener("change", () => toggle(item.id, box.checked));
      const label = el("label", "", String(item.text));
      label.htmlFor = box.id;
      const row = el("li", "", box, label);
      row.dataset.done = String(Boolean(item.done));
      return row;
    }),
  );
}

// Every answer carries the whole list: the answer to the latest request wins, so the first load, answered
// after an item added quickly, cannot take the new item away again.
let latest = 0;

async function run(action, failure) {
  const ticket = ++latest;
  try {
    const answer = await action();
    if (ticket === latest) render(Array.isArray(answer?.items) ? answer.items : []);
    return true;
  } catch (error) {
    show(status, declined(error) ? "Nothing was changed." : `${failure}: ${messageOf(error)}`, "error");
    return false;
  }
}

async function toggle(id, done) {
  show(status, "");
  await run(
    () => host.fetchApp("backend/toggle", { ...scoped, method: "POST", body: { id, done } }),
    "Could not save",
  );
}

$("add").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  show(status, "");
  if (
    await run(
      () => host.fetchApp("backend/items", { ...scoped, method: "POST", body: { text } }),
      "Could not add the item",
    )
  ) {
    input.value = "";
    show(status, `Added “${text}”`);
  }
  input.focus();
});

$("clear").addEventListener("click", async () => {
  const path = `issues/${encodeURIComponent(issue.id)}/extensionEndpoints/checklist/backend/items`;
  if (await run(() => host.fetchYouTrack(path, { method: "DELETE" }), "Could not clear the checklist")) {
    show(status, "Checklist cleared.");
    input.focus();
  }
});

if (issue) await run(() => host.fetchApp("backend/items", scoped), "Could not load the checklist");
