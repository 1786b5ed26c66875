// The sign-in page's loader and action: its title, its messages after a failed round trip through the
// identity service, and the permanent-token sign-in, in the request's language.
import { expect, test } from "vitest";
import { action, loader } from "#app/routes/auth/login.tsx";
import type { KeelAuth } from "#app/lib/keel-context.ts";
import { demoToken } from "#prisma/factories.ts";
import { useBackend } from "../helpers/backend.ts";
import { callRoute, formRequest, type RouteArgs } from "../helpers/route.ts";

const backend = useBackend();

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const runLoader = (args: RouteArgs) => loader(args as unknown as LoaderArgs);
const runAction = (args: RouteArgs) => action(args as unknown as ActionArgs);

/** The server's session handling, as far as the page uses it: the backend accepts alice's token only. */
const signedInWith: string[] = [];
const auth: KeelAuth = {
  oauthEnabled: true,
  accountSecurityUrl: async (path) => `/hub/account/security?return_to=${path}`,
  refresh: async () => false,
  async signInWithToken(token) {
    if (token !== demoToken("alice")) return false;
    signedInWith.push(token);
    return true;
  },
  signOut: async (next) => next,
  signInAgain: "/login?error=ended",
};

function post(fields: Record<string, string>, language?: string) {
  const init = formRequest("/login", { csrf: "test-csrf", ...fields });
  if (language) init.headers = { ...init.headers, "accept-language": language };
  return callRoute(backend, null, "/login", runAction, init, { auth });
}

test("the page's title is translated by the loader, and it offers the identity service's sign-in", async () => {
  const english = await callRoute(backend, null, "/login?redirect=%2Fissues", runLoader, undefined, { auth });
  expect(english.data).toMatchObject({
    title: "Log in",
    oauthEnabled: true,
    signInUrl: "/auth/login?redirect=%2Fissues",
  });
  const german = await callRoute(backend, null, "/login", runLoader, {
    headers: { "accept-language": "de" },
  });
  expect(german.data).toMatchObject({ title: "Anmelden", oauthEnabled: false });
});

test("a known problem of the last round trip is named; anything else is ignored", async () => {
  const ended = await callRoute(backend, null, "/login?error=ended", runLoader, undefined, { auth });
  expect(ended.data).toMatchObject({ problem: "ended" });
  const made_up = await callRoute(backend, null, "/login?error=__proto__", runLoader, undefined, { auth });
  expect(made_up.data).toMatchObject({ problem: null });
});

test("an empty or malformed token is named next to the field, in the reader's language", async () => {
  expect(await post({ token: " " })).toEqual({
    status: 400,
    data: { tokenError: "Enter a permanent token" },
  });
  expect(await post({ token: "not a token" })).toEqual({
    status: 400,
    data: { tokenError: "The backend did not accept this token" },
  });
  expect(await post({ token: "" }, "de")).toMatchObject({ status: 400 });
  expect(signedInWith).toEqual([]);
});

test("a token the backend refuses is 401; one it accepts signs in and goes back to the page", async () => {
  expect(await post({ token: demoToken("rachel") })).toMatchObject({ status: 401 });
  expect(await post({ token: demoToken("alice"), redirect: "/issues?q=mine" })).toMatchObject({
    status: 302,
    location: "/issues?q=mine",
  });
  expect(await post({ token: demoToken("alice"), redirect: "https://evil.example/" })).toMatchObject({
    status: 302,
    location: "/",
  });
});

test("a signed-in reader is never sent off-site by a redirect that normalises to another host", async () => {
  for (const target of ["/.//evil.example", "/a/..//evil.example", "/%2e//evil.example"]) {
    const path = `/login?redirect=${encodeURIComponent(target)}`;
    expect(await callRoute(backend, "admin", path, runLoader)).toMatchObject({ status: 302, location: "/" });
  }
});
