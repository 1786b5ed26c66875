// The demo data must read like a real team's tracker: these properties keep it that way when it changes.
import { expect, test } from "vitest";
import {
  CUSTOM_FIELDS,
  DEMO_AGREEMENT,
  DEMO_USERS,
  demoArticles,
  demoInbox,
  demoIssueActivities,
  demoIssueFieldValues,
  demoIssues,
  demoProjectFields,
  demoUserLike,
} from "./factories.ts";

const issues = demoIssues();
const userById = new Map(DEMO_USERS.map((u) => [u.id, u]));
const inboxUsers = DEMO_USERS.filter((u) => u.userType !== "REPORTER");

/** The agreement's `## ` sections: heading and body. */
function agreementSections() {
  return DEMO_AGREEMENT.text
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const [heading = "", ...body] = section.split("\n");
      return { heading: heading.replace(/^\d+\.\s*/, ""), body: body.join("\n").trim() };
    });
}

/** The comments in the issues' histories, with their issue's readable id and author's login. */
function comments() {
  return demoIssueActivities()
    .filter((a) => a.category === "CommentsCategory")
    .flatMap((a) =>
      (JSON.parse(a.added) as { text: string }[]).map((c) => ({
        issue: issues.find((i) => i.id === a.issueId)?.idReadable,
        author: userById.get(a.authorId)?.login,
        text: c.text,
      })),
    );
}

test("the agreement has the sections a service's terms of use have, each with its own text", () => {
  const sections = agreementSections();
  expect(sections.length).toBeGreaterThanOrEqual(9);
  expect(new Set(sections.map((s) => s.heading)).size).toBe(sections.length);
  expect(new Set(sections.map((s) => s.body)).size).toBe(sections.length);
  for (const section of sections) expect(section.body.length, section.heading).toBeGreaterThan(100);
  const headings = sections.map((s) => s.heading).join("\n");
  for (const topic of [
    /acceptance/i,
    /account/i,
    /acceptable use/i,
    /content/i,
    /privacy/i,
    /termination/i,
    /liability/i,
    /changes to these terms/i,
    /contact/i,
  ]) {
    expect(headings).toMatch(topic);
  }
  // No sentence appears twice: filler repeated under several headings fails here.
  const sentences = sections.flatMap((s) => s.body.split(/(?<=[.:;])\s+/).filter((t) => t.length > 30));
  expect(new Set(sentences).size).toBe(sentences.length);
});

test("nobody is notified of their own action, and each user's notifications address them", () => {
  const recipients = [
    ...inboxUsers.map((u) => ({ login: u.login, persona: u.login, name: u.name })),
    // A user made like a demo user gets that user's inbox: it must not come from the one it copies either.
    ...inboxUsers.map((u) => {
      const copy = demoUserLike(u.login, { id: `1-9${u.id.slice(2)}`, login: `${u.login}-copy` });
      return { login: copy.login, persona: copy.madeLike ?? copy.login, name: copy.name };
    }),
  ];
  for (const { login, persona, name } of recipients) {
    const { threads } = demoInbox(login, false, persona);
    expect(threads.length, login).toBeGreaterThan(0);
    for (const { thread, message } of threads) {
      const context = `${login}: ${thread.subject}`;
      expect(message.author, context).not.toBe(login);
      expect(message.author, context).not.toBe(persona);
      expect(DEMO_USERS.some((u) => u.login === message.author && u.login !== persona)).toBe(true);
      expect(thread.subject, context).not.toContain(name);
      expect(issues.some((i) => i.idReadable === thread.issueId)).toBe(true);
      if (thread.type === "mention") expect(message.text, context).toContain(`@${login}`);
    }
  }
});

test("mentions and reactions in the inbox point at comments in the issues' histories", () => {
  const all = comments();
  for (const user of inboxUsers) {
    for (const { thread, message } of demoInbox(user.login, false).threads) {
      const context = `${user.login}: ${thread.subject}`;
      if (thread.type === "mention") {
        // The teammate's comment that mentions this user, on the issue the notification names.
        expect(all, context).toContainEqual({
          issue: thread.issueId,
          author: message.author,
          text: message.text,
        });
      }
      if (thread.type === "reaction") {
        // A reaction to "your comment": this user commented on that issue.
        expect(
          all.some((c) => c.issue === thread.issueId && c.author === user.login),
          context,
        ).toBe(true);
      }
    }
  }
});

test("every issue has a state that matches whether it is resolved, and comments from people who can read it", () => {
  const fields = demoProjectFields();
  const values = demoIssueFieldValues();
  const state = CUSTOM_FIELDS.find((f) => f.valueType === "state");
  const assignee = CUSTOM_FIELDS.find((f) => f.valueType === "user");
  const all = comments();
  for (const issue of issues) {
    const valueOf = (fieldId: string | undefined) => {
      const projectField = fields.find((f) => f.projectId === issue.projectId && f.fieldId === fieldId);
      const row = values.find((v) => v.issueId === issue.id && v.projectFieldId === projectField?.id);
      return row ? (JSON.parse(row.value) as string) : null;
    };
    const element = state?.bundle.find((e) => e.id === valueOf(state.id));
    expect(element, issue.idReadable).toBeDefined();
    expect(element?.isResolved, issue.idReadable).toBe(issue.resolved !== null);

    const canRead = (login: string | undefined) =>
      DEMO_USERS.find((u) => u.login === login)?.grants.some(
        (g) => g.key === "READ_ISSUE" && (g.project === null || g.project === issue.projectId),
      ) ?? false;
    const assigned = valueOf(assignee?.id);
    if (assigned !== null) expect(canRead(userById.get(assigned)?.login), issue.idReadable).toBe(true);

    const onIssue = all.filter((c) => c.issue === issue.idReadable);
    expect(onIssue.length, issue.idReadable).toBeGreaterThan(0);
    for (const comment of onIssue)
      expect(canRead(comment.author), `${issue.idReadable}: ${comment.text}`).toBe(true);
  }
});

test("summaries are unique and no text embeds a video", () => {
  const summaries = issues.map((i) => i.summary);
  expect(new Set(summaries).size).toBe(summaries.length);
  const titles = demoArticles().map((a) => a.summary);
  expect(new Set(titles).size).toBe(titles.length);
  const texts = [
    DEMO_AGREEMENT.text,
    ...issues.map((i) => i.description),
    ...demoArticles().map((a) => a.content),
    ...comments().map((c) => c.text),
    ...inboxUsers.flatMap((u) => demoInbox(u.login, false).threads.map((t) => t.message.text)),
  ];
  for (const text of texts) {
    expect(text).not.toMatch(/youtube\.com|youtu\.be|youtube-nocookie|vimeo\.com|dQw4w9WgXcQ/i);
  }
});

test("seeded at any moment, the demo reads as of that moment: its news is hours old, nothing is later", () => {
  const HOUR = 3_600_000;
  const now = Date.UTC(2031, 4, 17, 14, 25);
  const times = [
    ...demoIssues(now).flatMap((i) => [i.created, i.updated, ...(i.resolved ? [i.resolved] : [])]),
    ...demoArticles(now).flatMap((a) => [a.created, a.updated]),
    ...demoIssueActivities(now).map((a) => a.timestamp),
  ].map(Number);
  expect(Math.max(...times)).toBeLessThanOrEqual(now);
  expect(Math.min(...times)).toBeGreaterThan(now - 60 * 24 * HOUR);
  for (const user of inboxUsers) {
    const { threads, folders } = demoInbox(user.login, user.unreadInbox ?? false, user.madeLike, now);
    const ages = threads.map((t) => now - Number(t.thread.updated)).sort((a, b) => a - b);
    expect(ages, user.login).toEqual([HOUR, 2 * HOUR, 3 * HOUR]);
    for (const folder of folders) expect(Number(folder.lastSeen ?? 0)).toBeLessThanOrEqual(now);
  }
  // The mentions in the inbox and the comments they quote carry the same moment.
  const mention = demoInbox("alice", false, "alice", now).threads.find((t) => t.thread.type === "mention");
  const quoted = demoIssueActivities(now).find((a) => a.added.includes(mention!.message.text.slice(9, 40)));
  expect(Number(quoted?.timestamp)).toBe(Number(mention?.message.timestamp));
});
