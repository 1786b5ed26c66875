// Widget documents and their files: /widgets/{app}/{path in the package}, so a build's relative URLs
// resolve as in the product (docs/widgets.md, "Widget documents"). Only the package's public files are
// served (contract/package-files.ts). The files come from the backend; an HTML document gets the
// YTApp bootstrap before its first script and every answer carries the widget policy, which sandboxes
// the document even when it is opened on its own.
import { readFileSync } from "node:fs";
import { Router, type Request, type Response } from "express";
import type { Logger } from "pino";
import { jsonForDataBlock } from "#app/lib/json-block.ts";
import type { BackendTransport } from "#app/lib/keel-context.ts";
import { isPublicPackageFile } from "#contract/package-files.ts";
import { FrameDataSchema, type FrameData } from "#app/widgets/frame-data.ts";
import { WIDGET_SANDBOX } from "#app/widgets/protocol.ts";
import { cspNonce } from "./security.ts";

const BOOTSTRAP = readFileSync(new URL("./widget-bootstrap.js", import.meta.url), "utf8")
  .replace(/^\/\/.*\n/gm, "")
  .trim()
  // The file is one function expression; formatters end it with a semicolon, the call needs none.
  .replace(/;$/, "");

const APP_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const SAFE_PATH = /^(?:[A-Za-z0-9_@~+-][A-Za-z0-9._@~+-]*\/)*[A-Za-z0-9_@~+-][A-Za-z0-9._@~+-]*$/;

/** Where a frame may load from: the package (by URL and, sandboxed, by 'self'), https styles and images. */
function widgetPolicy(origin: string, nonce: string): string {
  const own = `'self' ${origin}/widgets/`;
  return [
    `sandbox ${WIDGET_SANDBOX.join(" ")}`,
    "default-src 'none'",
    `script-src ${own} 'nonce-${nonce}'`,
    `style-src ${own} 'unsafe-inline' https:`,
    `img-src ${own} data: blob: https:`,
    `font-src ${own} data: https:`,
    `media-src ${own} data: blob: https:`,
    `connect-src ${own}`,
    "frame-src https:",
    "worker-src blob:",
    "form-action 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** The frame's description from its URL; anything wrong gives a neutral one rather than an error page. */
export function frameDataFrom(raw: unknown, app: string): FrameData {
  if (typeof raw === "string" && raw.length <= 16_000) {
    try {
      const parsed = FrameDataSchema.safeParse(JSON.parse(raw));
      if (parsed.success && parsed.data.widget.appName === app) return parsed.data;
    } catch {
      // Falls through to the neutral description.
    }
  }
  return {
    locale: "en",
    theme: "light",
    entity: null,
    me: null,
    widget: { id: "", appId: "", appName: app, key: "", extensionPoint: "DASHBOARD_WIDGET" },
    editable: false,
  };
}

/** The document with the bootstrap as its first script: after `<head>`, else before the first tag. */
export function injectBootstrap(html: string, data: FrameData, hostOrigin: string, nonce: string): string {
  const script = `<script nonce="${nonce}">${BOOTSTRAP}(${jsonForDataBlock({ ...data, hostOrigin })});</script>`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head)
    return html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
  const firstScript = /<script\b/i.exec(html);
  if (firstScript) return html.slice(0, firstScript.index) + script + html.slice(firstScript.index);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + script + html.slice(doctype[0].length);
  return script + html;
}

const hostOriginOf = (req: Request) => `${req.protocol}://${req.get("host") ?? "localhost"}`;

function sendWidgetHeaders(req: Request, res: Response): void {
  res.setHeader("Content-Security-Policy", widgetPolicy(hostOriginOf(req), cspNonce(res)));
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.removeHeader("X-Frame-Options");
}

export function widgetRouter(transport: BackendTransport, logger: Logger): Router {
  const router = Router();
  router.get("/widgets/:app/*path", async (req, res) => {
    const app = req.params.app;
    const segments = (req.params as unknown as { path: string[] }).path;
    const path = segments.join("/");
    sendWidgetHeaders(req, res);
    res.setHeader("Cache-Control", "no-cache");
    if (!APP_NAME.test(app) || !SAFE_PATH.test(path) || !isPublicPackageFile(path)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    let answer;
    try {
      answer = await transport({
        method: "GET",
        path: `/api/apps/${encodeURIComponent(app)}/files/${segments.map(encodeURIComponent).join("/")}`,
        headers: {
          accept: "*/*",
          ...(req.get("if-none-match") && !/\.html?$/i.test(path)
            ? { "if-none-match": req.get("if-none-match") as string }
            : {}),
        },
      });
    } catch (error) {
      logger.warn({ err: error, app, path }, "widget file: backend unreachable");
      res.status(502).type("text/plain").send("Failed to load frame content: Bad Gateway");
      return;
    }
    if (answer.status === 304) {
      res.status(304).end();
      return;
    }
    if (answer.status !== 200) {
      res
        .status(answer.status === 404 ? 404 : 502)
        .type("text/plain")
        .send("Not found");
      return;
    }
    const type = answer.headers.get("content-type") ?? "application/octet-stream";
    const etag = answer.headers.get("etag");
    if (/^text\/html\b/i.test(type)) {
      const data = frameDataFrom(req.query.ytapp, app);
      res
        .status(200)
        .type("text/html; charset=utf-8")
        .send(injectBootstrap(answer.body, data, hostOriginOf(req), cspNonce(res)));
      return;
    }
    if (etag) res.setHeader("ETag", etag);
    res
      .status(200)
      .type(type)
      .send(Buffer.from(answer.rawBody ?? new TextEncoder().encode(answer.body)));
  });
  return router;
}
