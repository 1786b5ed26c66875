// The demo's registration of Keel with the mock's identity service. Like the demo users' passwords, its
// secret is public: the mock refuses to serve it on a public address (see server/env.ts).
import type { Db } from "../db.ts";
import { hashClientSecret } from "./oauth.ts";

export const DEMO_CLIENT = { id: "keel-demo", secret: "keel-demo-client-secret", name: "Keel" } as const;

/** Loopback redirect URIs match on any port, so the demo works wherever it listens on this machine. */
export const DEMO_REDIRECT_ORIGINS = ["http", "https"].flatMap((scheme) =>
  ["localhost", "127.0.0.1", "[::1]"].map((host) => `${scheme}://${host}`),
);

export async function registerDemoClient(db: Db, origins: readonly string[]): Promise<void> {
  const wanted = origins.map((origin) => `${origin.replace(/\/+$/, "")}/auth/callback`);
  const existing = await db.oAuthClient.findUnique({ where: { id: DEMO_CLIENT.id } });
  const known: unknown = existing ? JSON.parse(existing.redirectUris) : [];
  const uris = [
    ...new Set([...(Array.isArray(known) ? known.filter((u) => typeof u === "string") : []), ...wanted]),
  ];
  const data = {
    name: DEMO_CLIENT.name,
    secretHash: hashClientSecret(DEMO_CLIENT.secret),
    redirectUris: JSON.stringify(uris),
  };
  await db.oAuthClient.upsert({
    where: { id: DEMO_CLIENT.id },
    create: { id: DEMO_CLIENT.id, ...data },
    update: data,
  });
}
