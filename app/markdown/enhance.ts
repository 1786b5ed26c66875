// What rendered Markdown gets once scripts run: Mermaid diagrams drawn in the browser (their source
// stays readable without JavaScript).

import type { MarkdownT } from "./translate.ts";

/** Mermaid's settings: strict security (no click callbacks, labels escaped), no HTML labels, bounded input. */
export function mermaidConfig(dark: boolean) {
  return {
    startOnLoad: false,
    securityLevel: "strict",
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    maxTextSize: 20_000,
    maxEdges: 500,
    suppressErrorRendering: true,
    theme: dark ? "dark" : "default",
  } as const;
}

export interface DiagramEngine {
  mermaid: {
    initialize(config: ReturnType<typeof mermaidConfig>): void;
    parse(text: string): Promise<unknown>;
    render(id: string, text: string): Promise<{ svg: string }>;
  };
  /** DOMPurify with its SVG profile: Mermaid's output is sanitised once more before it is shown. */
  sanitizeSvg(svg: string): string;
}

let diagramCount = 0;

function showFailure(diagram: HTMLElement, t: MarkdownT) {
  diagram.dataset.mermaidState = "failed";
  if (diagram.querySelector(".mermaid-error")) return;
  const message = diagram.ownerDocument.createElement("p");
  message.className = "mermaid-error";
  message.setAttribute("role", "alert");
  message.textContent = t("mermaid.failed");
  diagram.prepend(message);
}

const UNDRAWN = "[data-mermaid]:not([data-mermaid-state])";

/**
 * Draws every diagram under `root` (or each of the diagrams given) that is not drawn yet; a diagram that
 * fails shows the catalogue's message ("Failed to render Mermaid diagram") in the reader's language.
 */
export async function renderDiagrams(
  root: ParentNode | readonly HTMLElement[],
  load: () => Promise<DiagramEngine>,
  dark: boolean,
  t: MarkdownT,
): Promise<void> {
  const diagrams =
    "querySelectorAll" in root
      ? [...root.querySelectorAll<HTMLElement>(UNDRAWN)]
      : root.filter((diagram) => diagram.matches(UNDRAWN));
  if (diagrams.length === 0) return;
  for (const diagram of diagrams) diagram.dataset.mermaidState = "loading";
  let engine: DiagramEngine;
  try {
    engine = await load();
    engine.mermaid.initialize(mermaidConfig(dark));
  } catch {
    for (const diagram of diagrams) showFailure(diagram, t);
    return;
  }
  for (const diagram of diagrams) {
    const source = diagram.querySelector("code")?.textContent ?? "";
    try {
      // parse() first: it throws on bad syntax without leaving an error drawing in the page.
      await engine.mermaid.parse(source);
      const { svg } = await engine.mermaid.render(`keel-mermaid-${++diagramCount}`, source);
      const figure = diagram.ownerDocument.createElement("div");
      figure.className = "mermaid-svg";
      figure.setAttribute("role", "img");
      figure.setAttribute("aria-label", t("mermaid.diagram"));
      figure.innerHTML = engine.sanitizeSvg(svg);
      diagram.querySelector(".mermaid-source")?.setAttribute("hidden", "");
      diagram.append(figure);
      diagram.dataset.mermaidState = "rendered";
    } catch {
      showFailure(diagram, t);
    }
  }
}

/** How far ahead of the viewport a diagram starts drawing: half a screen, so it is usually ready on arrival. */
export const DIAGRAM_LOOKAHEAD = "50% 0px";

/**
 * Calls `draw` with the diagrams under `root` not drawn yet as they come within half a screen of the
 * viewport, each diagram once. Mermaid and its layout engine are the heaviest scripts a page can run: a
 * diagram nobody scrolls to costs nothing, and one far down the page never holds up the page's first
 * interaction. Without IntersectionObserver every diagram is drawn at once. Returns the cleanup.
 */
export function drawDiagramsWhenNear(
  root: ParentNode,
  draw: (diagrams: HTMLElement[]) => void,
  Observer: typeof IntersectionObserver | undefined = globalThis.IntersectionObserver,
): () => void {
  const waiting = [...root.querySelectorAll<HTMLElement>(UNDRAWN)];
  if (waiting.length === 0) return () => {};
  if (!Observer) {
    draw(waiting);
    return () => {};
  }
  const observer = new Observer(
    (entries) => {
      const near = entries
        .filter((entry) => entry.isIntersecting)
        .map((entry) => entry.target as HTMLElement);
      if (near.length === 0) return;
      for (const diagram of near) observer.unobserve(diagram);
      draw(near);
    },
    { rootMargin: DIAGRAM_LOOKAHEAD },
  );
  for (const diagram of waiting) observer.observe(diagram);
  return () => observer.disconnect();
}

/** Mermaid and DOMPurify, loaded only when a page has a diagram. */
export async function loadDiagramEngine(): Promise<DiagramEngine> {
  const [{ default: mermaid }, { default: DOMPurify }] = await Promise.all([
    import("mermaid"),
    import("isomorphic-dompurify"),
  ]);
  return {
    mermaid: mermaid as unknown as DiagramEngine["mermaid"],
    sanitizeSvg: (svg) => sanitizeDiagram(DOMPurify, svg),
  };
}

/** Mermaid's SVG through DOMPurify's SVG profile, without links (strict mode makes none). */
export function sanitizeDiagram(
  purify: { sanitize(dirty: string, config: object): unknown },
  svg: string,
): string {
  return String(purify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ["a"] }));
}

/** Whether the page shows the dark theme (the root element's data-theme, or the OS for "system"). */
export function prefersDark(document: Document): boolean {
  const theme = document.documentElement.dataset.theme;
  if (theme === "darcula") return true;
  if (theme === "default") return false;
  return document.defaultView?.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
}
