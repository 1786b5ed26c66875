import { isIP } from "node:net";
import { DEMO_PASSWORD, demoToken } from "#prisma/factories.ts";
import { sha256, verifyPassword } from "./auth.ts";
import type { Db } from "./db.ts";

/** Logins of users who still sign in with the published demo password or token. */
export async function demoCredentialLogins(db: Db): Promise<string[]> {
  const users = await db.user.findMany({
    where: { guest: false },
    select: { id: true, login: true, passwordHash: true },
  });
  const tokens = await db.permanentToken.findMany({
    where: { tokenHash: { in: users.map((user) => sha256(demoToken(user.login))) } },
    select: { userId: true },
  });
  const withDemoToken = new Set(tokens.map((token) => token.userId));
  return users
    .filter((user) => withDemoToken.has(user.id) || verifyPassword(DEMO_PASSWORD, user.passwordHash))
    .map((user) => user.login);
}

/** Whether only this machine can reach an interface (`localhost`, 127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (bare === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  if (isIP(bare) === 6) return bare === "::1" || /^::ffff:127\./.test(bare);
  return false;
}

/** The demo credentials are published: on an interface others reach, start only when explicitly allowed. */
export async function checkPublicDemo(
  db: Db,
  { host, allowPublicDemo }: { host: string; allowPublicDemo: boolean },
): Promise<{ refuse: boolean; message: string } | null> {
  if (isLoopbackHost(host)) return null;
  const logins = await demoCredentialLogins(db);
  if (logins.length === 0) return null;
  const exposed = `HOST=${host} is not a loopback interface and the mock backend's users ${logins.join(", ")} still sign in with the published demo password or token`;
  if (allowPublicDemo)
    return { refuse: false, message: `${exposed}: served anyway (KEEL_ALLOW_PUBLIC_DEMO=1)` };
  return {
    refuse: true,
    message:
      `${exposed}: refusing to start. Listen on localhost, change their credentials, set BACKEND_URL, ` +
      "or set KEEL_ALLOW_PUBLIC_DEMO=1 to serve the demo publicly anyway",
  };
}
