// Rendering for pages through the app's API client and the in-process mock: one mentions call per render.
import { expect, test } from "vitest";
import { createApi } from "#app/lib/api.server.ts";
import type { BackendRequest, KeelRequestContext } from "#app/lib/keel-context.ts";
import { useBackend } from "../helpers/backend.ts";
import { SAME_ORIGIN } from "../helpers/mock-client.ts";
import { renderForPage, renderRestricted } from "#app/markdown/render.server.ts";

const backend = useBackend();

/** The app's API client over the in-process mock, recording every request. */
async function recordingApi(login: string | null) {
  const requests: BackendRequest[] = [];
  const headers = await backend.readAs(login);
  const context: KeelRequestContext = {
    transport: (request) => {
      requests.push(request);
      return backend.client.transport(request);
    },
    forwardHeaders: { host: SAME_ORIGIN.host, origin: SAME_ORIGIN.origin, ...headers },
    nonce: "n",
    requestId: "r",
    csrfToken: "t",
    verifyCsrf: () => true,
    demo: true,
    log: { info() {}, warn() {}, error() {} },
  };
  return { api: createApi(context), requests };
}

test("a render with many mentions makes exactly one backend call", async () => {
  const { api, requests } = await recordingApi("admin");
  const text = [
    ...Array.from({ length: 40 }, (_, i) => `DEMO-${i + 1}`),
    "DEMO-A-1 SUP-A-1 @admin @alice @rachel @nobody",
  ].join(", ");
  const { html } = await renderForPage(api, text, { basePath: "/issue/DEMO-9" });
  expect(requests).toHaveLength(1);
  expect(new URL(requests[0]!.path, "http://x").pathname).toBe("/api/mentions");
  expect(html).toContain('href="/issue/DEMO-1" title="Navigation collapses on narrow screens"');
  expect(html).toContain("<s>DEMO-3</s>");
  expect(html).toContain('href="/articles/SUP-A-1"');
  expect(html).toContain(">Rachel Reporter</a>");
  expect(html).toContain("DEMO-40");
  expect(html).not.toContain('href="/issue/DEMO-40"');
});

test("mentions resolve as the reader: a reporter's render does not reveal other projects", async () => {
  const { api } = await recordingApi("rachel");
  const { html } = await renderForPage(api, "DEMO-1 and SUP-1");
  expect(html).not.toContain('href="/issue/DEMO-1"');
  expect(html).toContain('href="/issue/SUP-1"');
});

test("a render without mentions makes no backend call", async () => {
  const { api, requests } = await recordingApi(null);
  await renderForPage(api, "# Plain\n\n**text** and $x^2$");
  expect(requests).toHaveLength(0);
});

test("pages render formulas with KaTeX on the server", async () => {
  const { api } = await recordingApi(null);
  const result = await renderForPage(api, "$e^{i\\pi}$");
  expect(result.hasMath).toBe(true);
  expect(result.html).toContain("katex-mathml");
});

test("banners and the agreement use the restricted profile", () => {
  expect(renderRestricted("**Maintenance** <img src=x> DEMO-1").html).toBe(
    "<p><strong>Maintenance</strong> &lt;img src=x&gt; DEMO-1</p>\n",
  );
});
