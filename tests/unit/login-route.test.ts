// The sign-in page's loader and action: its title and its messages, in the request's language.
import { expect, test } from "vitest";
import { action, loader } from "../../app/routes/auth/login.tsx";
import { useBackend } from "../helpers/backend.ts";
import { callRoute, formRequest, type RouteArgs } from "../helpers/route.ts";

const backend = useBackend();

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const runLoader = (args: RouteArgs) => loader(args as unknown as LoaderArgs);
const runAction = (args: RouteArgs) => action(args as unknown as ActionArgs);

function post(fields: Record<string, string>, language?: string) {
  const init = formRequest("/login", { csrf: "test-csrf", ...fields });
  if (language) init.headers = { ...init.headers, "accept-language": language };
  return callRoute(backend, null, "/login", runAction, init);
}

test("the page's title is translated by the loader", async () => {
  expect((await callRoute(backend, null, "/login", runLoader)).data).toMatchObject({ title: "Log in" });
  const german = await callRoute(backend, null, "/login", runLoader, {
    headers: { "accept-language": "de" },
  });
  expect(german.data).toMatchObject({ title: "Anmelden" });
});

test("empty fields are named next to each field", async () => {
  expect(await post({ login: " ", password: "" })).toEqual({
    status: 400,
    data: {
      login: " ",
      fieldErrors: { login: "Enter your login", password: "Enter your password" },
      formError: null,
    },
  });
});

test("a wrong password is refused with the form's message, in the reader's language", async () => {
  expect(await post({ login: "alice", password: "wrong" })).toMatchObject({
    status: 401,
    data: { login: "alice", formError: "Incorrect login or password" },
  });
  // Another account: alice's next attempt waits a moment after her failure.
  expect(await post({ login: "rachel", password: "wrong" }, "ja")).toMatchObject({
    status: 401,
    data: { formError: "ログイン名またはパスワードが正しくありません" },
  });
});

test("a signed-in reader is never sent off-site by a redirect that normalises to another host", async () => {
  for (const target of ["/.//evil.example", "/a/..//evil.example", "/%2e//evil.example"]) {
    const path = `/login?redirect=${encodeURIComponent(target)}`;
    expect(await callRoute(backend, "admin", path, runLoader)).toMatchObject({ status: 302, location: "/" });
  }
});
