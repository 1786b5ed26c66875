/* global YTApp */
// The options-menu popup of an article: its Markdown headings, indented by level; it closes itself.
import { el, messageOf, show, ytApp } from "../assets/ui.js";

const status = document.getElementById("status");
ytApp(status);
const host = await YTApp.register();
const article = YTApp.entity;

try {
  const answer = await host.fetchYouTrack(`articles/${encodeURIComponent(article.id)}`, {
    query: { fields: "idReadable,summary,content" },
  });
  document.getElementById("heading").textContent = `Outline of ${answer.summary ?? answer.idReadable}`;
  const headings = [];
  let fenced = false;
  for (const line of String(answer.content ?? "").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = !fenced && /^(#{1,4})\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) headings.push({ level: match[1].length, text: match[2] });
  }
  document.getElementById("outline").replaceChildren(
    ...headings.map(({ level, text }) => {
      const item = el("li", "", text);
      item.style.paddingInlineStart = `${(level - 1) * 14}px`;
      return item;
    }),
  );
  if (headings.length === 0) show(status, "This article has no headings.");
} catch (error) {
  show(status, `Could not read the article: ${messageOf(error)}`, "error");
}

const close = document.getElementById("close");
close.addEventListener("click", () => host.closeWidget());
close.focus();
