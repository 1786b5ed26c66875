// @vitest-environment jsdom
import DOMPurify from "isomorphic-dompurify";
import { expect, test, vi } from "vitest";
import { testI18n } from "#tests/helpers/i18n.tsx";
import {
  DIAGRAM_LOOKAHEAD,
  drawDiagramsWhenNear,
  mermaidConfig,
  prefersDark,
  renderDiagrams,
  sanitizeDiagram,
  type DiagramEngine,
} from "./enhance.ts";
import { renderMarkdownSync } from "#tests/helpers/markdown.ts";

const t = testI18n("en").getFixedT(null, "markdown");
const MERMAID_ERROR = "Failed to render Mermaid diagram";

function mount(markdown: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderMarkdownSync(markdown, { basePath: "/issue/DEMO-2" }).html;
  document.body.replaceChildren(root);
  return root;
}

function engine(overrides: Partial<DiagramEngine["mermaid"]> = {}): DiagramEngine {
  return {
    mermaid: {
      initialize: vi.fn(),
      parse: vi.fn(async () => true),
      render: vi.fn(async (id: string) => ({
        svg: `<svg id="${id}"><g><text>ok</text></g><script>alert(1)</script></svg>`,
      })),
      ...overrides,
    },
    sanitizeSvg: (svg) => sanitizeDiagram(DOMPurify, svg),
  };
}

const DIAGRAM = "```mermaid\ngraph LR; A-->B\n```";

test("Mermaid runs with strict security, no HTML labels and bounded input", () => {
  expect(mermaidConfig(false)).toMatchObject({
    startOnLoad: false,
    securityLevel: "strict",
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    suppressErrorRendering: true,
    theme: "default",
  });
  expect(mermaidConfig(true).theme).toBe("dark");
});

test("a diagram is drawn in the browser from its source, and the SVG is sanitised again", async () => {
  const root = mount(DIAGRAM);
  const diagrams = engine();
  await renderDiagrams(root, async () => diagrams, false, t);
  expect(diagrams.mermaid.render).toHaveBeenCalledWith(
    expect.stringMatching(/^keel-mermaid-\d+$/),
    "graph LR; A-->B",
  );
  const diagram = root.querySelector<HTMLElement>("[data-mermaid]")!;
  expect(diagram.dataset.mermaidState).toBe("rendered");
  expect(diagram.querySelector(".mermaid-svg svg text")?.textContent).toBe("ok");
  expect(diagram.querySelector("script")).toBeNull();
  expect(diagram.querySelector(".mermaid-source")?.hasAttribute("hidden")).toBe(true);
});

test("a diagram that fails to parse shows 'Failed to render Mermaid diagram' and keeps its source", async () => {
  const root = mount(DIAGRAM);
  await renderDiagrams(
    root,
    async () =>
      engine({
        parse: async () => {
          throw new Error("Parse error on line 1");
        },
      }),
    false,
    t,
  );
  const diagram = root.querySelector<HTMLElement>("[data-mermaid]")!;
  expect(diagram.querySelector('[role="alert"]')?.textContent).toBe(MERMAID_ERROR);
  expect(diagram.dataset.mermaidState).toBe("failed");
  expect(diagram.querySelector(".mermaid-source")?.hasAttribute("hidden")).toBe(false);
});

test("when Mermaid cannot be loaded every diagram shows the failure", async () => {
  const root = mount(`${DIAGRAM}\n\n${DIAGRAM}`);
  await renderDiagrams(
    root,
    async () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    },
    false,
    t,
  );
  expect([...root.querySelectorAll(".mermaid-error")].map((e) => e.textContent)).toEqual([
    MERMAID_ERROR,
    MERMAID_ERROR,
  ]);
});

test("Mermaid is not loaded for a page without diagrams, and a drawn diagram is not drawn again", async () => {
  const load = vi.fn(async () => engine());
  await renderDiagrams(mount("no diagrams"), load, false, t);
  expect(load).not.toHaveBeenCalled();
  const root = mount(DIAGRAM);
  await renderDiagrams(root, load, false, t);
  await renderDiagrams(root, load, false, t);
  expect(load).toHaveBeenCalledTimes(1);
});

test("the dark theme is read from the page", () => {
  document.documentElement.dataset.theme = "darcula";
  expect(prefersDark(document)).toBe(true);
  document.documentElement.dataset.theme = "default";
  expect(prefersDark(document)).toBe(false);
});

test("the failure message is in the reader's language", async () => {
  const de = testI18n("de").getFixedT(null, "markdown");
  const root = mount(DIAGRAM);
  await renderDiagrams(
    root,
    async () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    },
    false,
    de,
  );
  expect(root.querySelector(".mermaid-error")?.textContent).toBe(de("mermaid.failed"));
  expect(de("mermaid.failed")).not.toBe(MERMAID_ERROR);
});

/** An IntersectionObserver the test drives: `reach(element)` reports it within the observer's margin. */
function fakeObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; targets: Set<Element>; margin?: string }> =
    [];
  class Observer {
    private readonly entry;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, targets: new Set<Element>(), margin: options?.rootMargin };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      this.entry.targets.clear();
    }
  }
  const reach = (target: Element) => {
    for (const { callback, targets } of observers) {
      if (!targets.has(target)) continue;
      const entry = { target, isIntersecting: true } as IntersectionObserverEntry;
      callback([entry], {} as IntersectionObserver);
    }
  };
  return { Observer: Observer as unknown as typeof IntersectionObserver, observers, reach };
}

test("diagrams are drawn only as each comes near the viewport, each once", async () => {
  const root = mount(`${DIAGRAM}\n\ntext\n\n${DIAGRAM.replace("A-->B", "C-->D")}`);
  const [first, second] = [...root.querySelectorAll<HTMLElement>("[data-mermaid]")];
  const { Observer, observers, reach } = fakeObserver();
  const drawn: HTMLElement[][] = [];
  const stop = drawDiagramsWhenNear(root, (diagrams) => drawn.push(diagrams), Observer);
  expect(observers[0]?.margin).toBe(DIAGRAM_LOOKAHEAD);
  expect(drawn).toEqual([]);

  reach(second!);
  expect(drawn).toEqual([[second]]);
  const parts = engine();
  await renderDiagrams(drawn[0]!, async () => parts, false, t);
  expect(second!.dataset.mermaidState).toBe("rendered");
  expect(first!.dataset.mermaidState).toBeUndefined();

  reach(second!);
  reach(first!);
  expect(drawn).toEqual([[second], [first]]);
  stop();
  expect(observers[0]?.targets.size).toBe(0);
});

test("without IntersectionObserver every diagram is drawn at once; a text without one observes nothing", () => {
  const root = mount(`${DIAGRAM}\n\n${DIAGRAM}`);
  const drawn: HTMLElement[][] = [];
  drawDiagramsWhenNear(root, (diagrams) => drawn.push(diagrams), undefined);
  expect(drawn.map((diagrams) => diagrams.length)).toEqual([2]);

  const { Observer, observers } = fakeObserver();
  drawDiagramsWhenNear(mount("no diagram here"), () => drawn.push([]), Observer);
  expect(observers).toHaveLength(0);
  expect(drawn).toHaveLength(1);
});
