import type { Route } from "./+types/offline-page";
import { languageOfQuery, offlinePageHtml } from "#app/offline/offline-documents.server.ts";

/** What the service worker keeps to show for a page it has not kept (app/offline/service-worker.ts). */
export async function loader({ url }: Route.LoaderArgs) {
  return new Response(await offlinePageHtml(languageOfQuery(url)), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
