// "Was this helpful?" votes of one article, kept in its extension property `votes` (a JSON object of
// login to true or false): api/articles/{id}/extensionEndpoints/related-articles/backend/votes.

function readVotes(article) {
  const raw = article.extensionProperties && article.extensionProperties.votes;
  if (typeof raw !== "string" || raw === "") return {};
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function tally(votes, login) {
  const values = Object.values(votes);
  return {
    helpful: values.filter((vote) => vote === true).length,
    notHelpful: values.filter((vote) => vote === false).length,
    mine: Object.prototype.hasOwnProperty.call(votes, login) ? votes[login] : null,
  };
}

exports.httpHandler = {
  endpoints: [
    {
      scope: "article",
      method: "GET",
      path: "votes",
      handle(ctx) {
        ctx.response.json(tally(readVotes(ctx.article), ctx.currentUser.login));
      },
    },
    {
      scope: "article",
      method: "POST",
      path: "votes",
      handle(ctx) {
        let helpful;
        try {
          helpful = ctx.request.json().helpful;
        } catch {
          helpful = undefined;
        }
        if (typeof helpful !== "boolean") {
          ctx.response.code = 400;
          ctx.response.json({ error: "A vote is {helpful: true} or {helpful: false}" });
          return;
        }
        if (ctx.currentUser.isGuest) {
          ctx.response.code = 403;
          ctx.response.json({ error: "Sign in to vote" });
          return;
        }
        const votes = readVotes(ctx.article);
        votes[ctx.currentUser.login] = helpful;
        ctx.article.extensionProperties.votes = JSON.stringify(votes);
        ctx.response.json(tally(votes, ctx.currentUser.login));
      },
    },
  ],
};
