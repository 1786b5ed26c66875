import { expect, test, vi } from "vitest";
import { ApiError, ContractError } from "#app/lib/api.server.ts";
import { PERMISSION } from "#contract/constants.ts";
import type { PermissionEntry, WhatsNew } from "#contract/api.ts";
import { loadWhatsNew, readFeatureFile } from "./whats-new.server.ts";

const SERVER_LIST: WhatsNew = {
  versions: [
    { id: "2025.8", features: [{ title: "From the server", description: "Older" }] },
    { id: "2025.11", features: [{ title: "From the server, newest", description: "Newer" }] },
  ],
};
const reader: PermissionEntry[] = [
  { global: true, permission: { key: PERMISSION.LOW_LEVEL_READ }, projects: [] },
];
const member: PermissionEntry[] = [
  { global: true, permission: { key: PERMISSION.READ_ISSUE }, projects: [] },
];

const userIn = (locale: string) =>
  ({
    profiles: { general: { locale: { language: locale.slice(0, 2), locale } } },
  }) as Parameters<typeof loadWhatsNew>[1]["user"];
const config = (hosted = false, locale = "en_US") =>
  ({
    hosted: { hosted, domain: null, availabilityZone: null },
    l10n: { isRTL: false, locale, language: locale.slice(0, 2), predefinedQueries: {} },
  }) as Parameters<typeof loadWhatsNew>[1]["config"];

function fakeApi(answer: () => Promise<WhatsNew>) {
  return { getWhatsNewAvailableNow: vi.fn(answer) };
}

test("users allowed to read the server's list get it, newest first", async () => {
  const api = fakeApi(async () => SERVER_LIST);
  const list = await loadWhatsNew(api, { permissions: reader, user: userIn("en_US"), config: config() });
  expect(list.source).toBe("server");
  expect(list.versions.map((v) => v.id)).toEqual(["2025.11", "2025.8"]);
});

test("other users get the file bundled for their locale, and the server is not asked", async () => {
  const api = fakeApi(async () => SERVER_LIST);
  const list = await loadWhatsNew(api, { permissions: member, user: userIn("de_DE"), config: config() });
  expect(api.getWhatsNewAvailableNow).not.toHaveBeenCalled();
  expect(list.source).toBe("bundled");
  expect(list.versions[0]?.id).toBe("2025.10");
  expect(list.versions[0]?.features[0]?.title).toBe("Benachrichtigungen kommen sofort an");
});

test("hosted installs get the cloud variant", async () => {
  const api = fakeApi(async () => SERVER_LIST);
  const titles = async (hosted: boolean) =>
    (await loadWhatsNew(api, { permissions: member, user: userIn("en_US"), config: config(hosted) })).versions
      .flatMap((v) => v.features)
      .map((f) => f.title);
  expect(await titles(true)).toContain("Daily backups");
  expect(await titles(false)).not.toContain("Daily backups");
  expect(await titles(false)).toContain("Scheduled database backups");
});

test("without a profile locale the configured one is used; an unknown one falls back to English", async () => {
  const api = fakeApi(async () => SERVER_LIST);
  const first = async (user: string, configured: string) =>
    (await loadWhatsNew(api, { permissions: member, user: userIn(user), config: config(false, configured) }))
      .versions[0]?.features[0]?.title;
  expect(await first("", "ja_JP")).toBe("通知がすぐに届きます");
  expect(await first("nl_NL", "ja_JP")).toBe("Notifications arrive instantly");
});

test("when the server's list fails or breaks the contract, the bundled file stands in and a warning is logged", async () => {
  for (const failure of [new ApiError(500, null, "/api/whatsNew/availableNow"), new ContractError("bad")]) {
    const api = fakeApi(async () => {
      throw failure;
    });
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const list = await loadWhatsNew(
      api,
      { permissions: reader, user: userIn("fr_FR"), config: config() },
      log,
    );
    expect(list.source).toBe("bundled");
    expect(list.versions[0]?.features[0]?.title).toBe("Des notifications instantanées");
    expect(log.warn).toHaveBeenCalledOnce();
  }
});

test("one failure of the server's list, met by the root and by a menu page in one request, is logged once", async () => {
  const failure = new ApiError(500, null, "/api/whatsNew/availableNow");
  const api = fakeApi(async () => {
    throw failure;
  });
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const input = { permissions: reader, user: userIn("en_US"), config: config() };
  await Promise.all([loadWhatsNew(api, input, log), loadWhatsNew(api, input, log)]);
  expect(api.getWhatsNewAvailableNow).toHaveBeenCalledTimes(2);
  expect(log.warn).toHaveBeenCalledOnce();
});

test("an unexpected failure is not hidden", async () => {
  const api = fakeApi(async () => {
    throw new TypeError("a bug");
  });
  await expect(
    loadWhatsNew(api, { permissions: reader, user: userIn("en_US"), config: config() }),
  ).rejects.toThrow("a bug");
});

test("every bundled file loads through the bundle's own loader", async () => {
  for (const locale of ["cs_CZ", "he_IL", "zu_ZA"]) {
    for (const cloud of [false, true]) expect((await readFeatureFile(locale, cloud)).length).toBe(3);
  }
});
