/* global YTApp */
// Every place of Team Space, told apart by the `place` in the document's query: the team page (main menu, with sections in the
// app's own location), its administration, a project's settings and Team tab, a helpdesk project's inbox,
// the profile's status settings (per-user storage) and the user card's workload line.
import { declined, el, initials, messageOf, plural, show, ytApp } from "../assets/ui.js";

const $ = (id) => document.getElementById(id);
const status = $("status");
const content = $("content");
const ISSUE_FIELDS = "idReadable,summary,resolved,project(shortName),fields(name,value(name,login,fullName))";
const STATUS_KEY = "status";
const HOURS_KEY = "hours";

ytApp(status);
let onLocation = () => undefined;
const host = await YTApp.register({ onAppLocationChange: (location) => onLocation(location) });
// Each place opens this document with its own `?place=` (the manifest's indexPath).
const key = new URLSearchParams(location.search).get("place") ?? "team";
const entity = YTApp.entity;

const fieldValue = (issue, name) =>
  (Array.isArray(issue.fields) ? issue.fields : []).find((field) => field && field.name === name)?.value ??
  null;

async function openIssues(project) {
  const query = { fields: ISSUE_FIELDS, $top: 500 };
  if (project) query.query = `project: ${project}`;
  const answer = await host.fetchYouTrack("issues", { query });
  return (Array.isArray(answer) ? answer : []).filter((issue) => !issue.resolved);
}

/** People with their open issues, most loaded first; unassigned issues last. */
function workload(issues) {
  const people = new Map();
  for (const issue of issues) {
    const assignee = fieldValue(issue, "Assignee");
    const name = assignee ? String(assignee.fullName ?? assignee.name ?? assignee.login) : "Unassigned";
    const entry = people.get(name) ?? { name, assigned: Boolean(assignee), issues: [] };
    entry.issues.push(issue);
    people.set(name, entry);
  }
  return [...people.values()].sort(
    (a, b) => Number(b.assigned) - Number(a.assigned) || b.issues.length - a.issues.length,
  );
}

function workloadList(issues, label) {
  const people = workload(issues);
  if (people.length === 0) return el("p", "empty", "No open issues. Nice work.");
  const list = el("ul", "plain");
  list.setAttribute("aria-label", label);
  for (const person of people) {
    const states = person.issues.map((issue) => fieldValue(issue, "State")?.name).filter(Boolean);
    const inProgress = states.filter((state) => /progress/i.test(state)).length;
    const detail = `${plural(person.issues.length, "open issue")}${inProgress ? `, ${inProgress} in progress` : ""}`;
    list.append(
      el(
        "li",
        "person",
        el("span", "avatar", initials(person.name)),
        el("span", "grow", person.name),
        el("span", "muted", detail),
      ),
    );
  }
  return list;
}

function section(title, ...children) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  const heading = el("h2", "", title);
  heading.id = id;
  const node = el("section", "stack", heading, ...children);
  node.setAttribute("aria-labelledby", id);
  return node;
}

function field(labelText, input) {
  input.id ||= `field-${Math.random().toString(36).slice(2)}`;
  const label = el("label", "", labelText);
  label.htmlFor = input.id;
  return el("div", "field", label, input);
}

function textInput(value, maxLength, multiline = false) {
  const input = document.createElement(multiline ? "textarea" : "input");
  if (multiline) input.rows = 3;
  input.maxLength = maxLength;
  input.value = value;
  return input;
}

function button(text, onClick, primary = false) {
  const node = el("button", primary ? "primary" : "", text);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

async function announcement() {
  return host.fetchApp("backend-global/announcement", {});
}

function announcementCard(value) {
  if (!value?.text) return el("p", "empty", "No announcement. Post one for the whole team below.");
  const posted = value.posted ? new Date(value.posted).toLocaleDateString(YTApp.locale || undefined) : "";
  return el(
    "div",
    "card stack",
    el("p", "", value.text),
    el("p", "muted", [value.author, posted].filter(Boolean).join(" · ")),
  );
}

// The team page ------------------------------------------------------------------------------------------

async function overview() {
  const [posted, myStatus, myHours] = await Promise.all([
    announcement(),
    host.storage.getItem(STATUS_KEY),
    host.storage.getItem(HOURS_KEY),
  ]);
  const card = el("div", "", announcementCard(posted));
  const draft = textInput("", 1000, true);
  const post = button("Post announcement", async () => {
    try {
      card.replaceChildren(
        announcementCard(
          await host.fetchApp("backend-global/announcement", { method: "POST", body: { text: draft.value } }),
        ),
      );
      draft.value = "";
      show(status, "Announcement posted.", "ok");
    } catch (error) {
      show(status, `Could not post: ${messageOf(error)}`, "error");
    }
  });
  const statusInput = textInput(myStatus ?? "", 120);
  const save = button("Save my status", async () => {
    try {
      await host.storage.setItem(STATUS_KEY, statusInput.value.trim());
      show(status, "Your status is saved.", "ok");
    } catch (error) {
      show(status, `Could not save your status: ${messageOf(error)}`, "error");
    }
  });
  const me = YTApp.me?.name || YTApp.me?.login || "You";
  content.replaceChildren(
    section("Announcement", card, field("New announcement", draft), el("div", "row", post)),
    section(
      "Your status",
      el(
        "p",
        "person",
        el("span", "avatar", initials(me)),
        el("span", "", myHours ? `${me} · works ${myHours}` : me),
      ),
      field("Status (e.g. “Reviewing the release notes”)", statusInput),
      el("div", "row", save),
    ),
  );
}

async function workloadSection() {
  content.replaceChildren(
    section("Who works on what", workloadList(await openIssues(""), "Open issues per person")),
  );
}

async function teamPage() {
  $("tabs").hidden = false;
  const navigation = host.navigation;
  const show_ = async (location) => {
    const name =
      String(location?.pathname ?? "").replace(/^\/+/, "") === "workload" ? "workload" : "overview";
    for (const tab of $("tabs").querySelectorAll("button")) {
      if (tab.dataset.section === name) tab.setAttribute("aria-current", "page");
      else tab.removeAttribute("aria-current");
    }
    try {
      await (name === "workload" ? workloadSection() : overview());
    } catch (error) {
      show(status, `The team page is unavailable: ${messageOf(error)}`, "error");
    }
  };
  onLocation = show_;
  for (const tab of $("tabs").querySelectorAll("button")) {
    tab.addEventListener("click", async () => {
      const location = {
        pathname: tab.dataset.section === "workload" ? "workload" : "",
        search: "",
        hash: "",
      };
      if (navigation) await navigation.updateAppLocation(location);
      await show_(location);
    });
  }
  await show_(navigation ? await navigation.getAppLocation() : null);
}

// Administration -----------------------------------------------------------------------------------------

async function administration() {
  $("heading").textContent = "Team announcement";
  const card = el("div", "", announcementCard(await announcement()));
  const remove = button("Remove announcement", async () => {
    try {
      // Through the product API: removing asks the administrator first.
      await host.fetchYouTrack("extensionEndpoints/team-space/backend-global/announcement", {
        method: "DELETE",
      });
      card.replaceChildren(announcementCard(null));
      show(status, "Announcement removed.", "ok");
    } catch (error) {
      show(
        status,
        declined(error) ? "The announcement stays." : `Could not remove it: ${messageOf(error)}`,
        declined(error) ? "" : "error",
      );
    }
  });
  content.replaceChildren(
    el(
      "p",
      "muted",
      "Members post the announcement on the Team page; it stays until someone replaces or removes it.",
    ),
    card,
    el("div", "row", remove),
  );
}

// Project places ---------------------------------------------------------------------------------------

const projectName = () => String(entity?.name ?? entity?.shortName ?? entity?.key ?? "this project");
const projectKey = () => String(entity?.shortName ?? entity?.key ?? "");

async function teamNote() {
  return host.fetchApp("backend/team-note", { scope: true });
}

async function projectSettings() {
  $("heading").textContent = `Team note of ${projectName()}`;
  const note = textInput((await teamNote()).text ?? "", 1000, true);
  const save = button(
    "Save note",
    async () => {
      try {
        await host.fetchApp("backend/team-note", { scope: true, method: "POST", body: { text: note.value } });
        show(status, "Saved. Members see it on the project's Team tab.", "ok");
      } catch (error) {
        show(status, `Could not save: ${messageOf(error)}`, "error");
      }
    },
    true,
  );
  content.replaceChildren(
    field("Who to ask, how the team works, when it meets", note),
    el("div", "row", save),
  );
}

async function projectTab() {
  $("heading").textContent = `Team of ${projectName()}`;
  const [note, issues] = await Promise.all([teamNote(), openIssues(projectKey())]);
  content.replaceChildren(
    note.text
      ? el("div", "card", el("p", "", note.text))
      : el("p", "empty", "No team note yet: project administrators add one in the project's settings."),
    section("Open issues per person", workloadList(issues, "Open issues per person")),
  );
}

async function helpdeskChannel() {
  $("heading").textContent = `Team inbox of ${projectName()}`;
  const issues = await openIssues(projectKey());
  const list = el("ul", "plain");
  list.setAttribute("aria-label", "Open requests");
  for (const issue of issues.slice(0, 10)) {
    const link = el("a", "", String(issue.summary));
    link.href = `/issue/${encodeURIComponent(issue.idReadable)}`;
    link.target = "_top";
    list.append(el("li", "", el("span", "id muted", String(issue.idReadable)), link));
  }
  content.replaceChildren(
    el("p", "muted", `${plural(issues.length, "open request")}; the newest first.`),
    issues.length ? list : el("p", "empty", "Inbox zero: every request is answered."),
  );
}

// The user's own places --------------------------------------------------------------------------------

async function profileSettings() {
  $("heading").textContent = "Team status";
  const [saved, hours] = await Promise.all([
    host.storage.getItem(STATUS_KEY),
    host.storage.getItem(HOURS_KEY),
  ]);
  const statusInput = textInput(saved ?? "", 120);
  const hoursInput = textInput(hours ?? "", 60);
  hoursInput.placeholder = "e.g. 9:00–17:00 CET, Mon–Thu";
  const save = button(
    "Save",
    async () => {
      try {
        await host.storage.setItem(STATUS_KEY, statusInput.value.trim());
        await host.storage.setItem(HOURS_KEY, hoursInput.value.trim());
        show(status, "Saved. Your team sees it on the Team page.", "ok");
      } catch (error) {
        show(status, `Could not save: ${messageOf(error)}`, "error");
      }
    },
    true,
  );
  content.replaceChildren(
    field("Status", statusInput),
    field("Working hours", hoursInput),
    el("div", "row", save),
  );
}

async function userCard() {
  $("heading").hidden = true;
  const login = String(
    entity?.login ??
      (await host.fetchYouTrack(`users/${encodeURIComponent(entity.id)}`, { query: { fields: "login" } }))
        .login,
  );
  const issues = await openIssues("");
  const mine = issues.filter((issue) => fieldValue(issue, "Assignee")?.login === login);
  show(status, mine.length ? `Working on ${plural(mine.length, "open issue")}` : "No open issues assigned");
}

const places = {
  team: teamPage,
  "team-admin": administration,
  "project-settings": projectSettings,
  "project-tab": projectTab,
  "helpdesk-channel": helpdeskChannel,
  "profile-settings": profileSettings,
  "user-card": userCard,
};
try {
  await (places[key] ?? teamPage)();
} catch (error) {
  show(status, `Team Space is unavailable here: ${messageOf(error)}`, "error");
}
