import { runInNewContext } from "node:vm";
import { expect, test } from "vitest";
import { deferModulePreloads, PreloadsAfterPaint } from "./preloads-after-paint.server.ts";

async function through(pieces: readonly (string | Buffer)[]): Promise<string> {
  const stream = new PreloadsAfterPaint();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => stream.on("end", resolve));
  for (const piece of pieces) stream.write(typeof piece === "string" ? Buffer.from(piece) : piece);
  stream.end();
  await ended;
  return Buffer.concat(chunks).toString("utf8");
}

const PRELOADS =
  '<link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n0+/="/>' +
  '<link rel="modulepreload" href="/assets/framework-B2.js" nonce="n0+/="/>';
const HEAD_START =
  '<!DOCTYPE html><html lang="he" dir="rtl"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/assets/app-C3.css" data-precedence="default"/><title>בעיות · Keel</title>';
const CHECK = '<script nonce="n0+/=">check()</script>';

/**
 * The preloading script the head ends with, and what it does when the page has painted: the links it adds,
 * and how many each of its tasks added (the first frame's callback, then each timer, one task at a time).
 */
function preloadScript(html: string): { nonce: string | undefined; appended: string[]; perTask: number[] } {
  const match = /<script( nonce="([^"]*)")?>(requestAnimationFrame[^<]*)<\/script><\/head>/.exec(html);
  if (!match) throw new Error(`no preloading script at the head's end: ${html}`);
  const appended: string[] = [];
  const tasks: (() => void)[] = [];
  runInNewContext(match[3]!, {
    requestAnimationFrame: (frame: () => void) => tasks.push(frame),
    setTimeout: (later: () => void) => tasks.push(later),
    document: {
      createElement: () => ({ rel: "", href: "" }),
      head: {
        appendChild: (link: { rel: string; href: string; as?: string; crossOrigin?: string }) =>
          appended.push([link.rel, link.as, link.crossOrigin, link.href].filter(Boolean).join(" ")),
      },
    },
  });
  const perTask: number[] = [];
  for (let task = tasks.shift(); task; task = tasks.shift()) {
    const before = appended.length;
    task();
    perTask.push(appended.length - before);
  }
  return { nonce: match[2], appended, perTask };
}

test("the head's module preloads are asked for after the first paint, with the page's nonce", async () => {
  const html = await through([
    `${HEAD_START}${PRELOADS}${CHECK}</head>`,
    '<body><main id="main">…</main><script type="module" async="">import "/assets/root-D4.js";</script></body></html>',
  ]);
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html.startsWith(`${HEAD_START}${CHECK}<script nonce="n0+/=">`)).toBe(true);
  expect(
    html.endsWith(
      '</head><body><main id="main">…</main><script type="module" async="">import "/assets/root-D4.js";</script></body></html>',
    ),
  ).toBe(true);
  expect(preloadScript(html)).toEqual({
    nonce: "n0+/=",
    appended: ["modulepreload /assets/entry.client-A1.js", "modulepreload /assets/framework-B2.js"],
    // Nothing before the paint: the frame's callback only sets the timer.
    perTask: [0, 2],
  });
});

test("a page's many preloads are added a few per task, in their order", () => {
  const hrefs = Array.from({ length: 23 }, (_, index) => `/assets/chunk-${index}.js`);
  const links = hrefs.map((href) => `<link rel="modulepreload" href="${href}" nonce="n1"/>`).join("");
  const script = preloadScript(deferModulePreloads(`${HEAD_START}${links}</head>`));
  expect(script.appended).toEqual(hrefs.map((href) => `modulepreload ${href}`));
  expect(script.perTask).toEqual([0, 5, 5, 5, 5, 3]);
});

test("a head split across writes, even inside a tag or a character, comes out whole", async () => {
  const bytes = Buffer.from(`${HEAD_START}${PRELOADS}</head><body>שלום</body></html>`);
  // Cut inside the first preload's tag and inside the title's Hebrew letters.
  const cuts = [bytes.indexOf("בעיות") + 1, bytes.indexOf("modulepreload") + 4, bytes.length - 10];
  const pieces = [0, ...cuts].map((from, index) => bytes.subarray(from, cuts[index] ?? bytes.length));
  const html = await through(pieces);
  expect(html).toBe(deferModulePreloads(`${HEAD_START}${PRELOADS}</head>`) + "<body>שלום</body></html>");
  expect(preloadScript(html).appended).toHaveLength(2);
});

test("a link to anything but one of the build's scripts stays where it is", () => {
  const odd = '<link rel="modulepreload" href="https://cdn.example/x.js?a=1&amp;b=2"/>';
  const head = `${HEAD_START}${odd}</head>`;
  expect(deferModulePreloads(head)).toBe(head);
  // Without a nonce on the links the script has none either.
  const moved = deferModulePreloads(`${HEAD_START}<link rel="modulepreload" href="/assets/a-1.js"/></head>`);
  expect(preloadScript(moved)).toMatchObject({
    nonce: undefined,
    appended: ["modulepreload /assets/a-1.js"],
  });
});

test("the body is not touched, and a document without a head end passes as it is", async () => {
  const inBody = '<link rel="modulepreload" href="/assets/late-E5.js"/>';
  expect(await through([`${HEAD_START}</head><body>`, inBody, "</body></html>"])).toBe(
    `${HEAD_START}</head><body>${inBody}</body></html>`,
  );
  expect(await through(["<p>", PRELOADS, "</p>"])).toBe(`<p>${PRELOADS}</p>`);
  const long = `<!DOCTYPE html><head>${"x".repeat(300 * 1024)}`;
  expect(await through([long, PRELOADS, "</head>"])).toBe(`${long}${PRELOADS}</head>`);
});

test("the language's translations file is asked for after the first paint too, for fetch", () => {
  const translations =
    '<link rel="preload" href="/assets/translations-he-Ab9_x-1.json" as="fetch" crossorigin="anonymous"/>';
  const moved = deferModulePreloads(`${HEAD_START}${translations}${PRELOADS}</head>`);
  expect(moved).not.toContain('<link rel="preload"');
  expect(preloadScript(moved)).toEqual({
    nonce: "n0+/=",
    appended: [
      "preload fetch anonymous /assets/translations-he-Ab9_x-1.json",
      "modulepreload /assets/entry.client-A1.js",
      "modulepreload /assets/framework-B2.js",
    ],
    perTask: [0, 3],
  });
  // Another kind of preload, or one the page's fetch would not match, stays where it is.
  for (const other of [
    '<link rel="preload" href="/assets/font-1.woff2" as="font" crossorigin="anonymous"/>',
    '<link rel="preload" href="/assets/translations-he-Ab9_x-1.json" as="fetch"/>',
  ]) {
    const head = `${HEAD_START}${other}</head>`;
    expect(deferModulePreloads(head)).toBe(head);
  }
});
