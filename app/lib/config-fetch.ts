// The browser's configuration fetch, with the server's selector and schema so copies compare equal.
// Imported lazily: pages with a preloaded configuration never need it.
import { ShellConfigSchema } from "#contract/api.ts";
import { assertConfigResponse } from "./app-errors.ts";
import type { ClientConfig } from "./config-cache.ts";
import { buildFields } from "#contract/field-selector.ts";
import { shapeOf } from "./schema-shape.ts";

export function configUrl(basePath: string): string {
  const fields = buildFields(shapeOf(ShellConfigSchema));
  return `${basePath.replace(/\/+$/, "")}/api/config?fields=${encodeURIComponent(fields)}`;
}

export async function fetchClientConfig(
  basePath: string,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<ClientConfig> {
  const response = await fetchImpl(configUrl(basePath), {
    credentials: "same-origin",
    cache: "no-store",
    headers: { accept: "application/json" },
  });
  assertConfigResponse(response);
  return ShellConfigSchema.parse(await response.json());
}
