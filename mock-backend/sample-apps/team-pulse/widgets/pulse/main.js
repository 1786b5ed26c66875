/* global YTApp */
// Team pulse: a bar chart of a project's issues by state or by assignee, on a dashboard or embedded in
// Markdown (the EmbeddableWidgetAPI: config, cache, title, errors, refresh, removal).
import { el, messageOf, plural, quietly, show, ytApp } from "../assets/ui.js";

const $ = (id) => document.getElementById(id);
const view = $("view");
const form = $("config");
const status = $("status");
const chart = $("chart");
const DEFAULTS = { title: "Team pulse", project: "", group: "state" };
const ISSUE_FIELDS = "idReadable,resolved,fields(name,value(name,login,fullName))";
/** Enough for a small team's tracker; the chart says when it counts only the newest ones. */
const MAX_ISSUES = 500;

let config = { ...DEFAULTS };
let loads = 0;

ytApp(status);
const host = await YTApp.register({
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
    group: source.group === "assignee" ? "assignee" : "state",
  };
}

function renderConfig() {
  $("title").textContent = config.title;
  const what = config.group === "assignee" ? "Open issues by assignee" : "Issues by state";
  $("scope").textContent = config.project ? `${what} · ${config.project}` : what;
  $("caption").textContent = what;
  $("group-heading").textContent = config.group === "assignee" ? "Assignee" : "State";
  if (embeddable) quietly(() => host.setTitle(config.title, ""));
}

const fieldValue = (issue, name) =>
  (Array.isArray(issue.fields) ? issue.fields : []).find((field) => field && field.name === name)?.value ??
  null;

/** [label, count] pairs, largest first; states keep the order they first appear in. */
function groupIssues(issues) {
  const counts = new Map();
  for (const issue of issues) {
    let label;
    if (config.group === "assignee") {
      if (issue.resolved) continue;
      const assignee = fieldValue(issue, "Assignee");
      label = assignee ? String(assignee.fullName ?? assignee.name ?? assignee.login) : "Unassigned";
    } else {
      const state = fieldValue(issue, "State");
      label = state ? String(state.name) : "No state";
    }
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

function renderChart(groups) {
  const top = Math.max(1, ...groups.map(([, count]) => count));
  $("rows").replaceChildren(
    ...groups.map(([label, count]) => {
      const fill = el("span", "bar-fill");
      fill.style.width = `${Math.round((count / top) * 85)}%`;
      const header = el("th", "", label);
      header.scope = "row";
      header.title = label;
      return el(
        "tr",
        "",
        header,
        el("td", "", el("div", "bar", fill, el("span", "bar-count", String(count)))),
      );
    }),
  );
  chart.hidden = groups.length === 0;
}

function describe(groups, when) {
  const total = groups.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return config.group === "assignee" ? "No open issues" : "No issues yet";
  const time = when.toLocaleTimeString(YTApp.locale || undefined, { hour: "2-digit", minute: "2-digit" });
  return `${plural(total, config.group === "assignee" ? "open issue" : "issue")} · updated ${time}`;
}

async function load() {
  const run = ++loads;
  status.dataset.loads = String(run);
  show(status, "Loading…");
  if (embeddable) quietly(() => host.setLoadingAnimationEnabled(true));
  try {
    const query = { fields: ISSUE_FIELDS, $top: MAX_ISSUES };
    if (config.project) query.query = `project: ${config.project}`;
    const answer = await host.fetchYouTrack("issues", { query });
    if (run !== loads) return;
    const groups = groupIssues(Array.isArray(answer) ? answer : []);
    renderChart(groups);
    show(status, describe(groups, new Date()));
    if (embeddable) {
      quietly(() => host.clearError());
      quietly(() => host.storeCache({ groups, group: config.group }));
    }
  } catch (error) {
    if (run !== loads) return;
    show(status, `Could not load the issues: ${messageOf(error)}`, "error");
    if (embeddable) quietly(() => host.setError({ message: messageOf(error) }));
  } finally {
    if (embeddable && run === loads) quietly(() => host.setLoadingAnimationEnabled(false));
  }
}

function openForm() {
  $("config-title").value = config.title;
  $("config-project").value = config.project;
  $(config.group === "assignee" ? "group-assignee" : "group-state").checked = true;
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
  quietly(() => host.exitConfigMode());
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const next = normalize({
    title: $("config-title").value,
    project: $("config-project").value,
    group: $("group-assignee").checked ? "assignee" : "state",
  });
  try {
    await host.storeConfig(next);
    await host.exitConfigMode();
  } catch (error) {
    show(status, `Could not save the settings: ${messageOf(error)}`, "error");
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
    show(status, `Could not read the settings: ${messageOf(error)}`, "error");
  }
  renderConfig();
  try {
    const stored = await host.readCache();
    // Hub-style caches answer {result: data}; Keel may answer the data itself.
    const cached = stored && typeof stored === "object" && "result" in stored ? stored.result : stored;
    if (cached && Array.isArray(cached.groups) && cached.group === config.group && loads === 0) {
      renderChart(cached.groups);
      show(status, "Showing the last known numbers…");
    }
  } catch {
    // No cache yet.
  }
} else {
  renderConfig();
}
await load();
