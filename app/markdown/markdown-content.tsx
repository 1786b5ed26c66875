import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import katexStylesHref from "katex/dist/katex.min.css?url";
import markdownStylesHref from "./markdown.css?url";
import type { RenderedMarkdown } from "./render.ts";
import { CsrfInput } from "../components/csrf-input.tsx";
import { MarkdownWidgets, type MarkdownWidgetsOptions } from "../widgets/host/markdown-widgets.tsx";

/** The intent of a task toggle (the action checks it; kept here so that the browser bundle has it). */
export const TOGGLE_TASK_INTENT = "toggle-task";

interface MarkdownContentProps {
  rendered: Pick<RenderedMarkdown, "html" | "hasMath" | "hasMermaid">;
  className?: string;
  "data-testid"?: string;
  /** App widgets embedded in the text, when the page offers them. */
  widgets?: MarkdownWidgetsOptions;
}

/**
 * Rendered (already sanitised) Markdown. KaTeX's stylesheet is linked only when the text has
 * formulas, and Mermaid is loaded only when it has diagrams, as one comes near the viewport; both reach the page's <head> through
 * React's stylesheet hoisting, so they work in the server-rendered page without JavaScript too.
 */
export function MarkdownContent({ rendered, className, widgets, ...rest }: MarkdownContentProps) {
  const container = useRef<HTMLDivElement>(null);
  const { t } = useTranslation("markdown");
  const { html, hasMermaid } = rendered;

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    // Code wider than the page scrolls sideways: the block takes focus so that keyboards can scroll it.
    for (const block of root.querySelectorAll<HTMLElement>("pre.code-block")) block.tabIndex = 0;
    if (!hasMermaid) return;
    // The diagrams' code loads with the first text that has one, not with every page's first scripts.
    let stop: (() => void) | null = null;
    let ended = false;
    void import("./enhance.ts").then(
      ({ drawDiagramsWhenNear, loadDiagramEngine, prefersDark, renderDiagrams }) => {
        if (ended) return;
        stop = drawDiagramsWhenNear(root, (diagrams) => {
          void renderDiagrams(diagrams, loadDiagramEngine, prefersDark(root.ownerDocument), t);
        });
      },
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, [html, hasMermaid, t]);

  return (
    <>
      <link rel="stylesheet" href={markdownStylesHref} precedence="default" />
      {rendered.hasMath ? <link rel="stylesheet" href={katexStylesHref} precedence="default" /> : null}
      <div
        ref={container}
        className={className ? `markdown ${className}` : "markdown"}
        dir="auto"
        data-keel-navigation=""
        data-testid={rest["data-testid"]}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {widgets ? <MarkdownWidgets container={container} html={html} options={widgets} /> : null}
    </>
  );
}

/**
 * The form the task checkboxes of editable Markdown submit (each checkbox is a submit button with
 * `form` set to this id), so toggling a task works without JavaScript.
 */
export function TaskForm({ id, revision }: { id: string; revision: number }) {
  return (
    <Form method="post" id={id} className="task-form">
      <CsrfInput />
      <input type="hidden" name="intent" value={TOGGLE_TASK_INTENT} />
      <input type="hidden" name="revision" value={revision} />
    </Form>
  );
}
