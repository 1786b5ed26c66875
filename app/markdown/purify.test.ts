// @vitest-environment node
import { expect, test, vi } from "vitest";

test("on the server, DOMPurify and its jsdom window load at the first sanitising, not at import", async () => {
  // Fresh modules (the setup files have loaded the renderer), with `.client` modules empty as in
  // React Router's server build.
  vi.resetModules();
  vi.doMock("./purify.client.ts", () => ({ browserPurify: undefined }));
  const { sanitizeHtml } = await import("./sanitize.ts");
  const { purifier, serverPurifierLoaded } = await import("./purify.ts");
  expect(serverPurifierLoaded()).toBe(false);
  expect(sanitizeHtml('<b onclick="steal()">bold</b><script>steal()</script>')).toBe("<b>bold</b>");
  expect(serverPurifierLoaded()).toBe(true);
  expect(purifier()).toBe(purifier());
});
