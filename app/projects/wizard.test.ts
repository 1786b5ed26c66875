import { expect, test } from "vitest";
import {
  countInviteFailures,
  describeInviteFailures,
  inviteFailureMessage,
  nextStep,
  parseInviteForm,
  parseNewProjectForm,
  parseTimeTrackingForm,
  readWizardLocation,
  splitInvitees,
  suggestShortName,
  wizardUrl,
} from "./wizard.ts";
import { testI18n } from "#tests/helpers/i18n.tsx";

const t = testI18n().getFixedT("en", "pages");

const search = (query: string) => new URLSearchParams(query);

test("the steps run template, invite, time tracking, done, and stay on done", () => {
  expect(nextStep("template")).toBe("invite");
  expect(nextStep("invite")).toBe("time-tracking");
  expect(nextStep("time-tracking")).toBe("done");
  expect(nextStep("done")).toBe("done");
});

test("each step after the first names its project in the URL", () => {
  expect(wizardUrl("template")).toBe("/projects/new");
  expect(wizardUrl("invite", "MOB")).toBe("/projects/new?project=MOB&step=invite");
  expect(wizardUrl("time-tracking", "MOB")).toBe("/projects/new?project=MOB&step=time-tracking");
});

test("a URL is read back into its step and project", () => {
  expect(readWizardLocation(search(""))).toEqual({ step: "template", project: null });
  expect(readWizardLocation(search("project=MOB&step=invite"))).toEqual({ step: "invite", project: "MOB" });
  expect(readWizardLocation(search("project=MOB&step=done"))).toEqual({ step: "done", project: "MOB" });
});

test("a step without a project, or an unknown step, starts the wizard again", () => {
  expect(readWizardLocation(search("step=invite"))).toEqual({ redirect: "/projects/new" });
  expect(readWizardLocation(search("step=invite&project=%20"))).toEqual({ redirect: "/projects/new" });
  expect(readWizardLocation(search("step=launch&project=MOB"))).toEqual({ redirect: "/projects/new" });
});

test("the template step of a project that exists goes on to its setup", () => {
  expect(readWizardLocation(search("project=MOB"))).toEqual({
    redirect: "/projects/new?project=MOB&step=invite",
  });
});

test("an ID is made from the initials of several words or the start of one", () => {
  expect(suggestShortName("Mobile app")).toBe("MA");
  expect(suggestShortName("Website")).toBe("WEBS");
  expect(suggestShortName("  Café  Ops  ")).toBe("CO");
  expect(suggestShortName("2026 roadmap plan")).toBe("RP");
  expect(suggestShortName("Проект")).toBe("");
});

const form = (values: Partial<Record<"name" | "shortName" | "template", string>>) => ({
  name: "",
  shortName: "",
  template: "",
  ...values,
});

test("a complete template step gives the project to create, the ID upper-cased", () => {
  expect(parseNewProjectForm(form({ name: " Mobile app ", shortName: "mob", template: "scrum" }), t)).toEqual(
    {
      ok: true,
      data: { name: "Mobile app", shortName: "MOB", template: "scrum" },
    },
  );
});

test("an empty ID is made from the name", () => {
  const result = parseNewProjectForm(form({ name: "Mobile app", template: "kanban" }), t);
  expect(result).toEqual({ ok: true, data: { name: "Mobile app", shortName: "MA", template: "kanban" } });
});

test("an empty form names the missing name and template, and no ID error on top", () => {
  expect(parseNewProjectForm(form({}), t)).toEqual({
    ok: false,
    fieldErrors: { name: "Enter a project name", template: "Choose a template" },
  });
});

test("an ID that cannot be made from the name asks for one", () => {
  expect(parseNewProjectForm(form({ name: "Проект", template: "default" }), t)).toEqual({
    ok: false,
    fieldErrors: { shortName: "Enter an ID: none could be made from this name" },
  });
});

test("a typed ID is checked as typed", () => {
  const bad = (shortName: string) =>
    parseNewProjectForm(form({ name: "X", shortName, template: "default" }), t) as {
      fieldErrors: Record<string, string>;
    };
  expect(bad("1AB").fieldErrors.shortName).toBe(
    "Start with a letter and use only letters, digits and underscores",
  );
  expect(bad("A").fieldErrors.shortName).toBe("Use at least 2 characters");
  expect(bad("ABCDEFGHIJK").fieldErrors.shortName).toBe("Use at most 10 characters");
  expect(bad("A-B").fieldErrors.shortName).toBeDefined();
});

test("a template outside the list is refused", () => {
  expect(parseNewProjectForm(form({ name: "X", shortName: "XX", template: "waterfall" }), t)).toEqual({
    ok: false,
    fieldErrors: { template: "Choose a template" },
  });
});

test("invitees are split on commas, semicolons and new lines, trimmed and deduplicated", () => {
  expect(splitInvitees(" alice, bob@example.com;\n\ngroup:All Users\r\nalice ")).toEqual([
    "alice",
    "bob@example.com",
    "group:All Users",
  ]);
});

test("the invite step needs at least one invitee", () => {
  expect(parseInviteForm(" , \n", t)).toEqual({
    ok: false,
    fieldErrors: { invitees: "Enter at least one login or e-mail address, or skip this step" },
  });
});

test("the invite step names every entry that is not a login, an e-mail address or a group", () => {
  expect(parseInviteForm("alice, bob smith, carol@, group:", t)).toEqual({
    ok: false,
    fieldErrors: { invitees: "Not a login, an e-mail address or group:<name>: bob smith, carol@, group:" },
  });
});

test("the invite step takes at most 50 people at a time", () => {
  const many = Array.from({ length: 51 }, (_, i) => `user${i}`).join(",");
  expect(parseInviteForm(many, t)).toEqual({
    ok: false,
    fieldErrors: { invitees: "Invite at most 50 people at a time" },
  });
  expect(parseInviteForm(many.split(",").slice(0, 50).join(","), t).ok).toBe(true);
});

test("invite failures are counted by kind: user, email, group, undefined", () => {
  const counts = countInviteFailures([
    { invitee: "zed", kind: "user", message: "" },
    { invitee: "yan", kind: "user", message: "" },
    { invitee: "x@y.invalid", kind: "email", message: "" },
    { invitee: "?", kind: "undefined", message: "" },
  ]);
  expect(counts).toEqual({ user: 2, email: 1, group: 0, undefined: 1 });
  expect(describeInviteFailures(counts, t)).toBe(
    "4 could not be invited: 2 users, 1 e-mail address, 1 other",
  );
  expect(describeInviteFailures(countInviteFailures([]), t)).toBe("");
});

test("the time-tracking checkbox is on when ticked and off when absent", () => {
  const data = (entries: [string, string][]) => {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return fd;
  };
  expect(parseTimeTrackingForm(data([["timeTracking", "on"]]), t)).toEqual({ ok: true, data: true });
  expect(parseTimeTrackingForm(data([]), t)).toEqual({ ok: true, data: false });
  expect(parseTimeTrackingForm(data([["timeTracking", "yes"]]), t).ok).toBe(false);
});

test("the failure summary follows each language's plural rules", () => {
  const pl = testI18n("pl").getFixedT("pl", "pages");
  expect(describeInviteFailures({ user: 2, email: 5, group: 1, undefined: 0 }, pl)).toBe(
    "Nie udało się zaprosić 8 pozycji: 2 użytkowników, 5 adresów e-mail, 1 grupa",
  );
  const de = testI18n("de").getFixedT("de", "pages");
  expect(describeInviteFailures({ user: 1, email: 0, group: 0, undefined: 0 }, de)).toBe(
    "1 konnte nicht eingeladen werden: 1 Benutzer",
  );
  const ja = testI18n("ja").getFixedT("ja", "pages");
  expect(describeInviteFailures({ user: 1, email: 2, group: 0, undefined: 0 }, ja)).toBe(
    "3 件を招待できませんでした: ユーザー 1 件、メールアドレス 2 件",
  );
});

test("each failed invitee is explained by its kind", () => {
  const failure = (invitee: string, kind: "user" | "email" | "group" | "undefined") =>
    inviteFailureMessage({ invitee, kind, message: "" }, t);
  expect(failure("nobody", "user")).toBe("No user has the login nobody");
  expect(failure("x@mail.invalid", "email")).toBe("The invitation to x@mail.invalid could not be delivered");
  expect(failure("group:Founders", "group")).toBe("No group is named Founders");
  expect(failure("?", "undefined")).toBe("Not a login, an e-mail address or a group");
});

test("the form's messages come in the reader's language", () => {
  const de = testI18n("de").getFixedT("de", "pages");
  expect(parseNewProjectForm(form({}), de)).toEqual({
    ok: false,
    fieldErrors: { name: "Geben Sie einen Projektnamen ein", template: "Wählen Sie eine Vorlage" },
  });
  expect(parseInviteForm("", de)).toEqual({
    ok: false,
    fieldErrors: {
      invitees:
        "Geben Sie mindestens einen Anmeldenamen oder eine E-Mail-Adresse ein, oder überspringen Sie diesen Schritt",
    },
  });
});
