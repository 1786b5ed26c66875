import { pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { NonceProvider } from "./components/nonce.tsx";
import { CoalescingStream } from "./lib/coalescing-stream.server.ts";
import { PreloadsAfterPaint } from "./lib/preloads-after-paint.server.ts";
import { getKeelContext } from "./lib/keel-context.ts";
import { I18nextProvider } from "react-i18next";
import type { i18n } from "i18next";
import { getI18n } from "./middleware/i18next.server.ts";
import { PageTranslationsContext } from "./i18n/client.ts";
import { createI18n, renderingView } from "./i18n/instance.ts";
import { pageTranslations } from "./i18n/translation-files.server.ts";
import { ENGLISH } from "./i18n/resources.server.ts";
import { CACHE_PARTITION_HEADER, NO_PARTITION } from "./offline/sw-policy.ts";
import { EagerPartsContext, type EagerParts } from "./shell/deferred-parts.tsx";
import { HelpPanelBody } from "./shell/help-panel-body.tsx";
import { LeftNavigation } from "./shell/left-navigation.tsx";
import { AgreementPrompt } from "./shell/user-agreement-prompt.tsx";

/** What the browser hydrates on its own after the page, rendered here with the page (deferred-parts.tsx). */
const EAGER_PARTS: EagerParts = {
  navigation: LeftNavigation,
  "help-panel": HelpPanelBody,
  agreement: AgreementPrompt,
};

/** The request's instance; English when the request ended before the language middleware ran. */
function serverI18n(context: RouterContextProvider): i18n {
  try {
    return getI18n(context);
  } catch {
    return createI18n("en", { en: ENGLISH });
  }
}

export const streamTimeout = 5_000;

// The key the server sets each request's context under (server/app.ts), from this bundle's own copy.
export { keelContext } from "./lib/keel-context.ts";
// The server's warm-up after start-up (server/warm-up.ts), from this bundle's own copy of the renderer.
export { warmUpMarkdown as warmUp } from "./markdown/render.server.ts";

/** Route errors go to the structured log; refused requests are warnings, not crashes. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = getKeelContext(context).log;
  const path = new URL(request.url).pathname;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn({ status: error.status, path }, "request refused");
  } else if (error instanceof Error && error.message.endsWith("Aborting the action.")) {
    // React Router's own check refused a cross-origin form post.
    log.warn({ path, reason: error.message }, "cross-origin form submission refused");
  } else {
    log.error({ err: error, path }, "route failed");
  }
};

/**
 * Tells the service worker whose page this is, from the user the root rendered it for: a signed-in user's
 * hash, or "none" (docs/decisions/0017-service-worker.md). Without the root's data it says nothing.
 */
function setCachePartition(headers: Headers, routerContext: EntryContext): void {
  const root = routerContext.staticHandlerContext.loaderData.root as
    { cachePartition?: string | null } | undefined;
  if (!root || root.cachePartition === undefined) return;
  headers.set(CACHE_PARTITION_HEADER, root.cachePartition ?? NO_PARTITION);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = getKeelContext(loadContext);
  setCachePartition(responseHeaders, routerContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <EagerPartsContext value={EAGER_PARTS}>
          <I18nextProvider i18n={renderingView(serverI18n(loadContext))}>
            <PageTranslationsContext value={pageTranslations}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </PageTranslationsContext>
          </I18nextProvider>
        </EagerPartsContext>
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary goes out in its place, however large: React's default sends one of
        // more than 12.5 kB after the page's end, shown by a script (a deferred part's, deferred-parts.tsx), which
        // a browser without scripts never runs. What has not finished when the page is sent still streams.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new CoalescingStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          const page = new PreloadsAfterPaint();
          // A closed connection destroys the page, and through it the body React writes to.
          pipeline(body, page, () => {});
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is sent are logged by React Router itself.
          if (shellRendered) getKeelContext(loadContext).log.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}
