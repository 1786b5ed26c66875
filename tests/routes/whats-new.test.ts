// The what's-new loader through the app's API client and the mock backend, as the shell will call it.
import { expect, test } from "vitest";
import { getApi } from "#app/middleware/api.server.ts";
import { loadWhatsNew } from "#app/shell/whats-new/whats-new.server.ts";
import { raiseWhatsNewFolder } from "#contract/whats-new.ts";
import { useBackend } from "../helpers/backend.ts";
import { callRoute } from "../helpers/route.ts";

const backend = useBackend();

async function whatsNewFor(login: string) {
  const outcome = await callRoute(backend, login, "/", async ({ context }) => {
    const api = getApi(context);
    const [config, user, permissions, folders] = await Promise.all([
      api.getConfig(),
      api.getCurrentUser(),
      api.getPermissions(),
      api.getInboxFolders(),
    ]);
    const whatsNew = await loadWhatsNew(api, { permissions, user, config });
    return { whatsNew, folders: raiseWhatsNewFolder(folders, whatsNew.versions) };
  });
  return outcome.data as {
    whatsNew: Awaited<ReturnType<typeof loadWhatsNew>>;
    folders: { id: string; lastNotified: number | null }[];
  };
}

test("admin, with low-level read and project-create, reads the server's list", async () => {
  const { whatsNew } = await whatsNewFor("admin");
  expect(whatsNew.source).toBe("server");
  expect(whatsNew.versions.map((v) => v.id)).toEqual(["2025.10", "2025.8", "2025.6"]);
});

test("alice reads the bundled file, and her whatsnew folder is raised to October 2025", async () => {
  const { whatsNew, folders } = await whatsNewFor("alice");
  expect(whatsNew.source).toBe("bundled");
  expect(whatsNew.versions[0]?.features[0]?.title).toBe("Notifications arrive instantly");
  expect(folders.find((f) => f.id === "whatsnew")?.lastNotified).toBe(Date.UTC(2025, 9, 1));
});
