// Prints how many lines of the TypeScript sources are comments: STYLE.md asks for 2–5 %.
// A line counts as comment when it holds a comment and no code; as code when it holds any token.
// Files come from git, so node_modules, builds and generated clients are left out by .gitignore.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import ts from "typescript";

const FOLDERS = ["app", "server", "mock-backend", "contract", "prisma"];

function countLines(path: string) {
  const text = readFileSync(path, "utf8");
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const code = new Set<number>();
  const comment = new Set<number>();
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const mark = (lines: Set<number>, start: number, end: number) => {
    for (let line = lineOf(start); line <= lineOf(Math.max(start, end - 1)); line++) lines.add(line);
  };
  const seen = new Set<number>();
  const markComments = (position: number) => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, position) ?? []),
      ...(ts.getTrailingCommentRanges(text, position) ?? []),
    ]) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      mark(comment, range.pos, range.end);
    }
  };
  const visit = (node: ts.Node) => {
    // JSDoc blocks appear as child nodes; their text is already counted as a comment.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    markComments(node.pos);
    markComments(node.end);
    // `{/* … */}` in JSX is a comment, not code.
    if (ts.isJsxExpression(node) && !node.expression) {
      for (const range of ts.getTrailingCommentRanges(text, node.pos + 1) ?? []) {
        mark(comment, range.pos, range.end);
      }
      return;
    }
    const children = node.getChildren(source);
    if (children.length === 0 && node.kind !== ts.SyntaxKind.EndOfFileToken) {
      if (node.kind !== ts.SyntaxKind.JsxText || node.getText(source).trim()) {
        mark(code, node.getStart(source), node.getEnd());
      }
    }
    for (const child of children) visit(child);
  };
  visit(source);
  for (const line of code) comment.delete(line);
  return { code: code.size, comment: comment.size };
}

const files = execFileSync("git", ["ls-files", "--", ...FOLDERS], { encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"));

let code = 0;
let comment = 0;
const byFile: { file: string; code: number; comment: number }[] = [];
const byFolder = new Map<string, { code: number; comment: number }>();
for (const file of files) {
  const counts = countLines(file);
  byFile.push({ file, ...counts });
  code += counts.code;
  comment += counts.comment;
  const folder = file.slice(0, file.indexOf("/"));
  const sum = byFolder.get(folder) ?? { code: 0, comment: 0 };
  sum.code += counts.code;
  sum.comment += counts.comment;
  byFolder.set(folder, sum);
}

const percent = (part: number, whole: number) => ((100 * part) / whole).toFixed(1);
// `npm run comment-ratio -- --files` lists the files with the most comment lines first.
if (process.argv.includes("--files")) {
  for (const entry of byFile.sort((a, b) => b.comment - a.comment).slice(0, 40)) {
    process.stdout.write(
      `${String(entry.comment).padStart(5)} ${percent(entry.comment, entry.comment + entry.code).padStart(5)} %  ${entry.file}\n`,
    );
  }
}
for (const [folder, sum] of byFolder) {
  process.stdout.write(
    `${folder.padEnd(13)} ${String(sum.comment).padStart(6)} comment / ${String(sum.code).padStart(6)} code lines  ${percent(sum.comment, sum.comment + sum.code)} %\n`,
  );
}
process.stdout.write(
  `${"total".padEnd(13)} ${String(comment).padStart(6)} comment / ${String(code).padStart(6)} code lines  ${percent(comment, comment + code)} % of ${files.length} files\n`,
);
