import type { Route } from "./+types/manifest";
import { languageOfQuery, webAppManifest } from "#app/offline/offline-documents.server.ts";

/** Linked from every page with the page's language: browsers fetch a manifest without cookies. */
export async function loader({ url }: Route.LoaderArgs) {
  return new Response(JSON.stringify(await webAppManifest(languageOfQuery(url))), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "no-cache" },
  });
}
