// The identity service's own pages: the sign-in form and its error page. Server-rendered, no script,
// in the reader's language (Accept-Language, then English).
import { readdirSync, readFileSync } from "node:fs";
import type { Request } from "express";

type Texts = Record<string, string>;

const LOCALES_DIR = new URL("./locales/", import.meta.url);
const TEXTS: ReadonlyMap<string, Texts> = new Map(
  readdirSync(LOCALES_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => [
      file.slice(0, -5),
      JSON.parse(readFileSync(new URL(file, LOCALES_DIR), "utf8")) as Texts,
    ]),
);
const RTL = new Set(["he", "ar", "fa"]);

export const SIGN_IN_LANGUAGES: readonly string[] = [...TEXTS.keys()];

/** The first language of Accept-Language (by weight) the service has texts for. */
export function pageLanguage(req: Request): string {
  const header = (req.get("accept-language") ?? "").slice(0, 512);
  const asked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of asked) {
    const base = tag.split("-")[0]!;
    if (TEXTS.has(base)) return base;
  }
  return "en";
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function translator(
  language: string,
): (key: string, values?: Record<string, string | number>) => string {
  const texts = TEXTS.get(language) ?? TEXTS.get("en")!;
  const english = TEXTS.get("en")!;
  return (key, values = {}) =>
    (texts[key] ?? english[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
      String(values[name] ?? ""),
    );
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1f2328;--muted:#5c6370;--line:#d0d4da;
--accent:#2b59c3;--danger:#b42318}
@media (prefers-color-scheme:dark){:root{--bg:#1b1d21;--card:#25282d;--text:#e8eaed;--muted:#a3a9b3;
--line:#3d424a;--accent:#7aa2f7;--danger:#f97066}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);
color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;padding:16px}
main{width:100%;max-width:380px;background:var(--card);border:1px solid var(--line);border-radius:12px;
padding:28px 24px}h1{font-size:1.4rem;margin:0 0 4px}p{margin:0 0 16px;color:var(--muted)}
label{display:block;font-weight:600;margin:12px 0 4px}input{width:100%;font:inherit;padding:8px 10px;
border:1px solid var(--line);border-radius:8px;background:transparent;color:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.actions{display:flex;gap:8px;margin-top:20px}button{font:inherit;padding:8px 16px;border-radius:8px;
border:1px solid var(--line);background:transparent;color:inherit;cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff;flex:1}
@media (prefers-color-scheme:dark){button.primary{color:#111}}
.error{color:var(--danger);font-weight:600}footer{margin-top:20px;font-size:.8rem;color:var(--muted)}
a{color:var(--accent)}`;

function page(language: string, title: string, body: string): string {
  const dir = RTL.has(language) ? "rtl" : "ltr";
  return `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface SignInForm {
  language: string;
  clientName: string;
  /** Where the form posts: the authorize URL with its query. */
  action: string;
  login?: string;
  error?: string;
}

export function renderSignIn({ language, clientName, action, login = "", error }: SignInForm): string {
  const t = translator(language);
  const errorId = error ? ` aria-describedby="sign-in-error"` : "";
  return page(
    language,
    t("title"),
    `<h1>${escapeHtml(t("title"))}</h1><p>${escapeHtml(t("intro", { client: clientName }))}</p>
${error ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}">
<label for="login">${escapeHtml(t("login"))}</label>
<input id="login" name="login" autocomplete="username" required autofocus value="${escapeHtml(login)}"${errorId}>
<label for="password">${escapeHtml(t("password"))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${errorId}>
<div class="actions"><button class="primary" type="submit" name="intent" value="sign-in">${escapeHtml(t("submit"))}</button>
<button type="submit" name="intent" value="cancel" formnovalidate>${escapeHtml(t("cancel"))}</button></div>
</form><footer>${escapeHtml(t("footer"))}</footer>`,
  );
}

export function renderError(language: string, message: string): string {
  const t = translator(language);
  return page(
    language,
    t("errorTitle"),
    `<h1>${escapeHtml(t("errorTitle"))}</h1><p role="alert">${escapeHtml(message)}</p>
<p><a href="/">${escapeHtml(t("goBack"))}</a></p><footer>${escapeHtml(t("footer"))}</footer>`,
  );
}
