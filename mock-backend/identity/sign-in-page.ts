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
.error{color:var(--danger);font-weight:600}.ok{color:var(--accent);font-weight:600}
.qr{display:block;width:200px;height:200px;margin:8px auto;border-radius:8px;overflow:hidden}
.qr svg{width:100%;height:100%}code.key{display:block;padding:8px;border:1px dashed var(--line);
border-radius:8px;font-size:.95rem;letter-spacing:.08em;text-align:center}
input.code{font-size:1.3rem;letter-spacing:.3em;text-align:center}
details{margin:12px 0}summary{cursor:pointer;color:var(--accent)}footer{margin-top:20px;font-size:.8rem;color:var(--muted)}
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

interface SecondStep {
  language: string;
  clientName: string;
  action: string;
  pending: string;
  error?: string;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

function codeField(t: ReturnType<typeof translator>, error: string | undefined): string {
  const described = error ? ` aria-describedby="sign-in-error"` : "";
  return `<label for="code">${escapeHtml(t("codeLabel"))}</label>
<input id="code" class="code" name="code" dir="ltr" inputmode="numeric" pattern="[0-9 ]{6,7}" maxlength="7"
autocomplete="one-time-code" required autofocus${described}>`;
}

const errorLine = (error: string | undefined) =>
  error ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(error)}</p>` : "";

/** The second step for a user with two-factor authentication on: the code of their app. */
export function renderCode({ language, clientName, action, pending, error }: SecondStep): string {
  const t = translator(language);
  return page(
    language,
    t("codeTitle"),
    `<h1>${escapeHtml(t("codeTitle"))}</h1><p>${escapeHtml(t("codeIntro", { client: clientName }))}</p>
${errorLine(error)}<form method="post" action="${escapeHtml(action)}">${hidden("pending", pending)}
${codeField(t, error)}
<div class="actions"><button class="primary" type="submit" name="intent" value="code">${escapeHtml(t("verify"))}</button>
<button type="submit" name="intent" value="cancel" formnovalidate>${escapeHtml(t("cancel"))}</button></div>
</form><footer>${escapeHtml(t("footer"))}</footer>`,
  );
}

export interface SetUpForm extends SecondStep {
  secret: string;
  qrSvg: string;
  /** Whether the organisation requires it (the user cannot go on without it). */
  required: boolean;
}

/** Setting up an authenticator app: scan or type the key, then prove it with a code. */
export function renderSetUp(form: SetUpForm): string {
  const t = translator(form.language);
  const grouped = form.secret.replace(/(.{4})(?=.)/g, "$1 ");
  return page(
    form.language,
    t("setUpTitle"),
    `<h1>${escapeHtml(t("setUpTitle"))}</h1>
<p>${escapeHtml(t(form.required ? "setUpRequired" : "setUpIntro", { client: form.clientName }))}</p>
${errorLine(form.error)}<ol><li>${escapeHtml(t("setUpScan"))}</li><li>${escapeHtml(t("setUpEnter"))}</li></ol>
<figure class="qr" aria-label="${escapeHtml(t("setUpQr"))}">${form.qrSvg}</figure>
<details><summary>${escapeHtml(t("setUpManual"))}</summary>
<code class="key" dir="ltr" data-secret="${escapeHtml(form.secret)}">${escapeHtml(grouped)}</code></details>
<form method="post" action="${escapeHtml(form.action)}">${hidden("pending", form.pending)}
${codeField(t, form.error)}
<div class="actions"><button class="primary" type="submit" name="intent" value="set-up">${escapeHtml(t("setUpSubmit"))}</button>
<button type="submit" name="intent" value="cancel" formnovalidate>${escapeHtml(t("cancel"))}</button></div>
</form><footer>${escapeHtml(t("footer"))}</footer>`,
  );
}

export interface SecurityPage {
  language: string;
  name: string;
  enabled: boolean;
  required: boolean;
  action: string;
  /** Where "back" leads: an application the user came from, or nowhere. */
  back: string | null;
  notice?: string;
  error?: string;
}

/** The identity service's account security page: whether two-factor authentication is on, and its switch. */
export function renderSecurity(view: SecurityPage): string {
  const t = translator(view.language);
  const status = view.enabled ? t("securityOn") : t("securityOff");
  let actions = "";
  if (!view.enabled) {
    actions = `<form method="post" action="${escapeHtml(view.action)}">
<div class="actions"><button class="primary" type="submit" name="intent" value="start-set-up">${escapeHtml(t("securityTurnOn"))}</button></div></form>`;
  } else if (!view.required) {
    actions = `<form method="post" action="${escapeHtml(view.action)}">
${codeField(t, view.error)}
<div class="actions"><button type="submit" name="intent" value="turn-off">${escapeHtml(t("securityTurnOff"))}</button></div></form>`;
  } else {
    actions = `<p>${escapeHtml(t("securityRequired"))}</p>`;
  }
  return page(
    view.language,
    t("securityTitle"),
    `<h1>${escapeHtml(t("securityTitle"))}</h1><p>${escapeHtml(view.name)}</p>
${view.notice ? `<p class="ok" role="status">${escapeHtml(view.notice)}</p>` : ""}${errorLine(view.error)}
<p data-testid="two-factor-status"><strong>${escapeHtml(t("securityTwoFactor"))}:</strong> ${escapeHtml(status)}</p>
${actions}${view.back ? `<p><a href="${escapeHtml(view.back)}">${escapeHtml(t("goBack"))}</a></p>` : ""}
<footer>${escapeHtml(t("footer"))}</footer>`,
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
