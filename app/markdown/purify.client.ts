// DOMPurify over the page's own window. A `.client` module: React Router's server build leaves it
// empty, so the server does not load isomorphic-dompurify, and with it jsdom, at start-up
// (app/markdown/purify.ts loads it there on first use).
import DOMPurify from "isomorphic-dompurify";

export const browserPurify: typeof DOMPurify | undefined = DOMPurify;
