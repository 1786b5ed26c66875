// Code blocks: syntax classes for a handful of language families, and the warning for code that
// contains bidirectional Unicode control characters (docs/markdown.md, Rules), which can make code read
// differently from how it runs ("Trojan Source"). Every pattern here is linear: alternatives start
// with different characters and no quantified group can match the same text two ways.

/** Embeddings, overrides and isolates, plus the invisible directional marks. */
const BIDI_CHARACTERS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function hasBidiCharacters(text: string): boolean {
  return /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const bidiCharOpen = (title: string) => `<span class="bidi-char" title="${escapeHtml(title)}">`;

/**
 * Shows each bidirectional control character as a visible code point instead of applying it, labelled
 * with `label(code)` (the caller's words, e.g. "Bidirectional control character U+202E"). `open` writes
 * the start tag of the span around it, given its title.
 */
export function revealBidiCharacters(
  html: string,
  label: (code: string) => string,
  open: (title: string) => string = bidiCharOpen,
): string {
  return html.replace(BIDI_CHARACTERS, (char) => {
    const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    return `${open(label(code))}${code}</span>`;
  });
}

type Family = "c" | "hash" | "sql";

const FAMILIES: Record<string, Family> = {};
for (const name of [
  "js",
  "javascript",
  "mjs",
  "ts",
  "typescript",
  "jsx",
  "tsx",
  "java",
  "kotlin",
  "kt",
  "c",
  "cpp",
  "c++",
  "h",
  "cs",
  "csharp",
  "go",
  "rust",
  "rs",
  "swift",
  "php",
  "scala",
  "json",
  "css",
])
  FAMILIES[name] = "c";
for (const name of ["python", "py", "ruby", "rb", "sh", "bash", "shell", "zsh", "yaml", "yml", "toml", "r"])
  FAMILIES[name] = "hash";
for (const name of ["sql", "mysql", "postgresql", "pgsql", "sqlite"]) FAMILIES[name] = "sql";

const KEYWORDS: Record<Family, string[]> = {
  c: [
    "abstract",
    "as",
    "async",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "def",
    "default",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "final",
    "finally",
    "fn",
    "for",
    "from",
    "fun",
    "func",
    "function",
    "if",
    "impl",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "match",
    "mut",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "pub",
    "public",
    "return",
    "static",
    "struct",
    "super",
    "switch",
    "this",
    "throw",
    "throws",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "undefined",
    "use",
    "val",
    "var",
    "void",
    "when",
    "while",
    "yield",
  ],
  hash: [
    "and",
    "as",
    "begin",
    "class",
    "def",
    "do",
    "done",
    "elif",
    "else",
    "end",
    "esac",
    "export",
    "false",
    "fi",
    "for",
    "from",
    "function",
    "if",
    "import",
    "in",
    "lambda",
    "local",
    "module",
    "nil",
    "None",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "self",
    "then",
    "True",
    "true",
    "False",
    "try",
    "unless",
    "while",
    "with",
    "yield",
  ],
  sql: [
    "select",
    "from",
    "where",
    "and",
    "or",
    "not",
    "null",
    "is",
    "in",
    "insert",
    "into",
    "values",
    "update",
    "set",
    "delete",
    "create",
    "table",
    "drop",
    "alter",
    "join",
    "left",
    "right",
    "inner",
    "outer",
    "on",
    "group",
    "by",
    "order",
    "having",
    "limit",
    "offset",
    "as",
    "distinct",
    "union",
    "all",
    "case",
    "when",
    "then",
    "else",
    "end",
    "primary",
    "key",
    "index",
    "exists",
    "like",
    "between",
    "asc",
    "desc",
  ],
};

function patternFor(family: Family): RegExp {
  const comment =
    family === "c"
      ? String.raw`\/\/[^\n]*|\/\*(?:[^*]|\*(?!\/))*(?:\*\/|$)`
      : family === "sql"
        ? String.raw`--[^\n]*|\/\*(?:[^*]|\*(?!\/))*(?:\*\/|$)`
        : String.raw`#[^\n]*`;
  const string =
    String.raw`"(?:[^"\\\n]|\\[^\n])*"?|'(?:[^'\\\n]|\\[^\n])*'?` +
    (family === "c" ? "|`(?:[^`\\\\]|\\\\[\\s\\S])*`?" : "");
  const number = String.raw`\b0[xX][0-9a-fA-F]+\b|\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b`;
  const keyword = String.raw`\b(?:${KEYWORDS[family].join("|")})\b`;
  return new RegExp(`(${comment})|(${string})|(${number})|(${keyword})`, family === "sql" ? "gi" : "g");
}

const PATTERNS = new Map<Family, RegExp>();
const CLASSES = ["hl-comment", "hl-string", "hl-number", "hl-keyword"] as const;

/** The language name reduced to what may appear in a class: letters, digits, `+`, `#` and `-`. */
export function languageOf(info: string | undefined): string {
  return (info ?? "")
    .trim()
    .split(/\s/)[0]!
    .toLowerCase()
    .replace(/[^a-z0-9+#-]/g, "")
    .slice(0, 30);
}

/**
 * Code escaped by `escape` with `hl-*` spans around comments, strings, numbers and keywords of known
 * languages.
 */
export function highlightCode(
  code: string,
  language: string,
  escape: (text: string) => string = escapeHtml,
): string {
  const family = FAMILIES[language];
  if (!family) return escape(code);
  let pattern = PATTERNS.get(family);
  if (!pattern) {
    pattern = patternFor(family);
    PATTERNS.set(family, pattern);
  }
  pattern.lastIndex = 0;
  let html = "";
  let last = 0;
  for (let match = pattern.exec(code); match; match = pattern.exec(code)) {
    if (match[0] === "") {
      pattern.lastIndex++;
      continue;
    }
    const group = match.findIndex((part, i) => i > 0 && part !== undefined) - 1;
    html += escape(code.slice(last, match.index));
    html += `<span class="${CLASSES[group]}">${escape(match[0])}</span>`;
    last = match.index + match[0].length;
  }
  return html + escape(code.slice(last));
}
