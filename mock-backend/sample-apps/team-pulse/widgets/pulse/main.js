/* global YTApp */
// Team pulse: a dashboard widget and a Markdown embed (the EmbeddableWidgetAPI: config, cache, title, errors).
import { describeFailure, messageOf, plural, show, ytApp } from "../assets/ui.js";

const $ = (id) => document.getElementById(id);
const view = $("view");
const form = $("config");
const status = $("status");
const list = $("issues");
const DEFAULTS = { title: "Team pulse", project: "" };

let config = { ...DEFAULTS };
/** Fire-and-forget host calls (setTitle, setError, …): a failure must not become an unhandled rejection. */
const quietly = (call) => {
  try {
    Promise.resolve(call()).catch(() => undefined);
  } catch {
    // The host lacks the method.
  }
};
let loads = 0;
let host = null;

ytApp(status);
show(status, "Registering…");
host = await YTApp.register({
  onConfigure: () => openForm(),
  onRefresh: () => load(),
});
// Only dashboard and Markdown places get the embeddable API.
const embeddable = "readConfig" in host;

function normalize(value) {
  const source = value && typeof value === "object" ? value : {};
  return {
    title: typeof source.title === "string" && source.title.trim() ? source.title.trim() : DEFAULTS.title,
    project: typeof source.project === "string" ? source.project.trim() : "",
  };
}

function renderConfig() {
  $("title").textContent = config.title;
  $("scope").textContent = config.project ? `Project: ${config.project}` : "All projects";
  if (embeddable) quietly(() => host.setTitle(config.title, ""));
}

function renderIssues(issues) {
  list.replaceChildren(
    ...issues.map((issue) => {
      const item = document.createElement("li");
      const id = document.createElement("span");
      id.className = "id";
      id.textContent = String(issue.idReadable ?? "");
      item.append(id, String(issue.summary ?? ""));
      return item;
    }),
  );
  if (issues.length === 0) {
    const empty = document.createElement("li");
    empty.className = "muted";
    empty.textContent = "No issues";
    list.append(empty);
  }
}

async function load() {
  if (!host) return;
  const run = ++loads;
  show(status, "Loading issues…");
  if (embeddable) quietly(() => host.setLoadingAnimationEnabled(true));
  try {
    const query = { fields: "idReadable,summary", $top: 5 };
    if (config.project) query.query = config.project;
    const answer = await host.fetchYouTrack("issues", { query });
    if (run !== loads) return;
    const issues = Array.isArray(answer) ? answer : [];
    renderIssues(issues);
    show(status, `Loaded ${plural(issues.length, "issue")} (load #${run})`, "ok");
    if (embeddable) {
      quietly(() => host.clearError());
      quietly(() => host.storeCache({ issues }));
    }
  } catch (error) {
    if (run !== loads) return;
    show(status, `Could not load issues: ${messageOf(error)}`, "error");
    if (embeddable) quietly(() => host.setError({ message: messageOf(error) }));
  } finally {
    if (embeddable && run === loads) quietly(() => host.setLoadingAnimationEnabled(false));
  }
}

function openForm() {
  $("config-title").value = config.title;
  $("config-project").value = config.project;
  view.hidden = true;
  form.hidden = false;
  $("config-title").focus();
}

function closeForm() {
  form.hidden = true;
  view.hidden = false;
  $("configure").focus();
}

$("refresh").addEventListener("click", () => load());

$("configure").addEventListener("click", async () => {
  try {
    await host.enterConfigMode();
    openForm();
  } catch (error) {
    show(status, `Configuration is not available: ${messageOf(error)}`, "error");
  }
});

$("cancel").addEventListener("click", async () => {
  closeForm();
  try {
    await host.exitConfigMode();
  } catch (error) {
    show(status, describeFailure("exitConfigMode", error), "error");
  }
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const next = normalize({ title: $("config-title").value, project: $("config-project").value });
  try {
    await host.storeConfig(next);
    await host.exitConfigMode();
  } catch (error) {
    show(status, `Could not save the configuration: ${messageOf(error)}`, "error");
    return;
  }
  config = next;
  closeForm();
  renderConfig();
  await load();
});

$("remove").addEventListener("click", async () => {
  show(status, "Removing…");
  try {
    await host.removeWidget();
  } catch (error) {
    show(status, `Could not remove the widget: ${messageOf(error)}`, "error");
  }
});

if (embeddable) {
  $("configure").hidden = false;
  $("remove").hidden = !("removeWidget" in host);
  // A dashboard tile's header shows the title (setTitle): the widget does not repeat it to the eye.
  if ("removeWidget" in host) $("title").classList.add("visually-hidden");
  try {
    config = normalize(await host.readConfig());
  } catch (error) {
    show(status, `Could not read the configuration: ${messageOf(error)}`, "error");
  }
  renderConfig();
  try {
    const stored = await host.readCache();
    // Hub-style caches answer {result: data}; Keel may answer the data itself.
    const cached = stored && typeof stored === "object" && "result" in stored ? stored.result : stored;
    if (cached && Array.isArray(cached.issues) && loads === 0) {
      renderIssues(cached.issues);
      show(status, `Showing ${plural(cached.issues.length, "cached issue")}`);
    }
  } catch {
    // No cache yet.
  }
} else {
  renderConfig();
}
await load();
