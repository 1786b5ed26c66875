/* global YTApp */
// Articles that share words with the or article's summary, best match first; the latest ones
// when nothing matches. A link opens the article in Keel's own page.
import { el, messageOf, show, ytApp } from "../assets/ui.js";

const status = document.getElementById("status");
const list = document.getElementById("articles");
const SHOWN = 4;
const STOP_WORDS = new Set(
  "about after again also and are before but can could does for from has have how into its more not now off once only other our out over should than that the their them then there these they this those too under was were what when where which while who why will with would you your".split(
    " ",
  ),
);

ytApp(status);
const host = await YTApp.register();
const entity = YTApp.entity;

/** The distinctive words of a text: lower case, four letters or more, no common English words. */
function wordsOf(text) {
  const words = String(text ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4 && !STOP_WORDS.has(word));
  // "screens" and "screen" are one word here.
  return new Set(words.map((word) => word.replace(/(es|s)$/, "")));
}

function render(articles) {
  list.replaceChildren(
    ...articles.map((article) => {
      const link = el("a", "", String(article.summary ?? article.idReadable));
      link.href = `/articles/${encodeURIComponent(article.idReadable)}`;
      link.target = "_top";
      return el("li", "", el("span", "id muted", String(article.idReadable)), link);
    }),
  );
}

try {
  const path = entity?.type === "article" ? "articles" : "issues";
  const own = entity
    ? await host.fetchYouTrack(`${path}/${encodeURIComponent(entity.id)}`, {
        query: { fields: "idReadable,summary" },
      })
    : null;
  const answer = await host.fetchYouTrack("articles", { query: { fields: "idReadable,summary", $top: 200 } });
  const articles = (Array.isArray(answer) ? answer : []).filter(
    (article) => article.idReadable !== own?.idReadable,
  );
  const wanted = wordsOf(own?.summary);
  const ranked = articles
    .map((article) => ({
      article,
      score: [...wordsOf(article.summary)].filter((word) => wanted.has(word)).length,
    }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ article }) => article);
  if (ranked.length > 0) {
    render(ranked.slice(0, SHOWN));
    status.hidden = true;
  } else if (articles.length > 0) {
    document.getElementById("heading").textContent = "Latest articles";
    render(articles.slice(0, 3));
    status.hidden = true;
  } else {
    show(status, "The knowledge base has no articles yet.");
  }
} catch (error) {
  show(status, `Articles are unavailable: ${messageOf(error)}`, "error");
}
