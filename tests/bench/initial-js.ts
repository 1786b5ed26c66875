// The JavaScript a browser downloads before a page is interactive: the page's module scripts, modulepreload
// links and the inline module's imports, then every chunk those import statically, gzipped (level 9) one by
// one. Dynamic imports (KaTeX, Mermaid, lazy routes) load later and are not counted.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { parseAst } from "vite";

export interface InitialJs {
  gzip_kb: number;
  raw_kb: number;
  files: { path: string; gzip_bytes: number }[];
}

interface Node {
  type: string;
  [key: string]: unknown;
}

/** Static import and re-export sources of a module; with `dynamic`, import("literal") calls too. */
function importsOf(code: string, dynamic: boolean): string[] {
  const found: string[] = [];
  const program = parseAst(code) as unknown as { body: Node[] };
  for (const statement of program.body) {
    const source = statement.source as Node | null | undefined;
    const isImport = ["ImportDeclaration", "ExportNamedDeclaration", "ExportAllDeclaration"];
    if (isImport.includes(statement.type) && typeof source?.value === "string") found.push(source.value);
  }
  if (!dynamic) return found;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== "object" || value === null) return;
    const node = value as Node;
    const source = node.source as Node | undefined;
    if (node.type === "ImportExpression" && typeof source?.value === "string") found.push(source.value);
    Object.values(node).forEach(visit);
  };
  visit(program.body);
  return found;
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];

/** What the HTML itself asks for: module scripts, modulepreloads and the inline modules' imports. */
export function entryScripts(html: string, pageUrl: string): string[] {
  const urls: string[] = [];
  for (const [, tag = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attribute(tag, "type") !== "module") continue;
    const src = attribute(tag, "src");
    if (src) urls.push(src);
    else urls.push(...importsOf(body, true));
  }
  for (const [link = ""] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(link, "href");
    if (attribute(link, "rel") === "modulepreload" && href) urls.push(href);
  }
  return urls.map((url) => new URL(url, pageUrl).pathname);
}

/** Per built file: its size, gzip size and static imports, which pages of one build share. */
const measured = new Map<string, { raw: number; gzip: number; imports: string[] }>();

function measure(file: string): { raw: number; gzip: number; imports: string[] } {
  let known = measured.get(file);
  if (!known) {
    const code = readFileSync(file);
    known = {
      raw: code.length,
      gzip: gzipSync(code, { level: 9 }).length,
      imports: importsOf(code.toString("utf8"), false),
    };
    measured.set(file, known);
  }
  return known;
}

/** Follows the static imports of the entry scripts through the built client files. */
export function initialJs(html: string, pageUrl: string, clientDir: string): InitialJs {
  const pending = entryScripts(html, pageUrl);
  const seen = new Set<string>();
  const files: InitialJs["files"] = [];
  let raw = 0;
  while (pending.length > 0) {
    const urlPath = pending.pop()!;
    if (seen.has(urlPath)) continue;
    seen.add(urlPath);
    const file = measure(path.resolve(path.join(clientDir, decodeURIComponent(urlPath))));
    raw += file.raw;
    files.push({ path: urlPath, gzip_bytes: file.gzip });
    const base = new URL(urlPath, "http://bench.invalid");
    for (const specifier of file.imports) {
      pending.push(new URL(specifier, base).pathname);
    }
  }
  files.sort((a, b) => b.gzip_bytes - a.gzip_bytes);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    gzip_kb: kb(files.reduce((sum, file) => sum + file.gzip_bytes, 0)),
    raw_kb: kb(raw),
    files,
  };
}
