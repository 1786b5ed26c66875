import { expect, test } from "vitest";
import { DEFAULT_NOTIFICATION_KINDS } from "#contract/notification-kinds.ts";
import { CurrentUserSchema } from "#contract/api.ts";
import {
  FEATURE_FLAG,
  NAVIGATION_ITEM_ID_MAX_LENGTH,
  NAVIGATION_SHAPE_MAX_ITEMS,
} from "#contract/constants.ts";
import {
  bearer,
  expectError,
  afterTomsSetUp,
  expectOk,
  sameOrigin,
  selectorFor,
  useBackend,
  withBackend,
  withFields,
  writableState,
  type Backend,
} from "#tests/helpers/backend.ts";

const backend = useBackend();
const DEMO_LOGINS = ["admin", "alice", "rachel", "tom"] as const;
const ME = "/api/users/me";
const FULL_ME = withFields(ME, selectorFor(CurrentUserSchema));
const APPEARANCE = "/api/users/me/profiles/appearance";
const TIPS = "/api/users/me/profiles/tips";
const KEEL_PROFILE = "/api/users/me/profiles/keel";
const DEFAULT_SHAPE = { order: [], pinned: [], hidden: [], landing: null };
const ANALYTICS_PROFILE = "/api/users/me/profiles/analytics";

async function meAs(login: string) {
  const response = await backend.client.request("GET", FULL_ME, { headers: bearer(login) });
  return CurrentUserSchema.parse(expectOk(response));
}

const flagsOf = (user: { featureFlags: { id: string; enabled: boolean }[] }) =>
  Object.fromEntries(user.featureFlags.map((f) => [f.id, f.enabled]));

const userRow = (db: Backend["db"], login: string) => db.user.findUniqueOrThrow({ where: { login } });

test("GET /api/users/me without credentials answers the guest", async () => {
  const response = await backend.client.request("GET", FULL_ME);
  const me = CurrentUserSchema.parse(expectOk(response));
  expect(me).toMatchObject({ id: "1-0", login: "guest", guest: true, userType: { id: "STANDARD_USER" } });
  expect(me.featureFlags.every((f) => !f.enabled)).toBe(true);
  expect(me.profiles.helpdesk).toEqual({ helpdeskFolder: null, isReporter: false });
});

test("GET /api/users/me without fields answers only the id", async () => {
  const response = await backend.client.request("GET", ME, { headers: bearer("alice") });
  expect(expectOk(response)).toEqual({ id: "1-2" });
});

test.each(DEMO_LOGINS)("GET /api/users/me with %s's permanent token answers that user", async (login) => {
  const me = await meAs(login);
  expect(me.login).toBe(login);
  expect(me.guest).toBe(false);
});

test("GET /api/users/me returns admin's profiles with every section", async () => {
  const response = await backend.client.request(
    "GET",
    withFields(
      ME,
      "profiles(appearance(uiTheme,expandNavigation,showTooltips),general(locale(language,locale))," +
        "helpdesk(helpdeskFolder(id),isReporter),timetracking(isTimeTrackingAvailable)," +
        "tips(showPricingAdminPopup,pricingAdminPopupShown))",
    ),
    { headers: bearer("admin") },
  );
  expect(expectOk(response)).toEqual({
    profiles: {
      appearance: { uiTheme: "system", expandNavigation: true, showTooltips: true },
      general: { locale: { language: "en", locale: "en_US" } },
      helpdesk: { helpdeskFolder: { id: "hf-admin" }, isReporter: false },
      timetracking: { isTimeTrackingAvailable: true },
      tips: { showPricingAdminPopup: true, pricingAdminPopupShown: false },
    },
  });
});

test("GET /api/users/me returns only the selected fields, with whitespace in the selector", async () => {
  const response = await backend.client.request(
    "GET",
    withFields(ME, " login , profiles ( appearance ( uiTheme ) ) , userType(id) "),
    { headers: bearer("alice") },
  );
  expect(expectOk(response)).toEqual({
    login: "alice",
    profiles: { appearance: { uiTheme: "system" } },
    userType: { id: "STANDARD_USER" },
  });
});

test("GET /api/users/me cannot be made to reveal the password hash", async () => {
  const response = await backend.client.request("GET", withFields(ME, "login,passwordHash"), {
    headers: bearer("admin"),
  });
  expect(expectOk(response)).toEqual({ login: "admin" });
});

test("GET /api/users/me refuses a malformed selector with the error body and its issues", async () => {
  const response = await backend.client.request("GET", withFields(ME, "profiles(appearance(uiTheme)"), {
    headers: bearer("alice"),
  });
  const body = expectError(response, 400, "bad_request");
  expect(body.issues).toEqual([{ path: "fields", message: expect.stringContaining('Unclosed "("') }]);
});

test("GET /api/users/me refuses an unknown query parameter", async () => {
  const response = await backend.client.request("GET", `${ME}?fields=id&top=1`, { headers: bearer("alice") });
  expectError(response, 400, "bad_request");
});

test("GET /api/users/me gives admin the planning canvas and the AI assistant", async () => {
  const flags = flagsOf(await meAs("admin"));
  expect(flags).toEqual({
    [FEATURE_FLAG.PLANNING_CANVAS]: true,
    [FEATURE_FLAG.AI_ASSISTANT]: true,
    [FEATURE_FLAG.NEW_ROLES]: false,
    [FEATURE_FLAG.NEW_VCS_ADMIN]: false,
    [FEATURE_FLAG.REPORTS_REMAKE]: false,
    [FEATURE_FLAG.ERROR_REPORTING]: false,
  });
});

test("GET /api/users/me gives alice the AI assistant but not the planning canvas", async () => {
  const flags = flagsOf(await meAs("alice"));
  expect(flags[FEATURE_FLAG.AI_ASSISTANT]).toBe(true);
  expect(flags[FEATURE_FLAG.PLANNING_CANVAS]).toBe(false);
});

test("GET /api/users/me describes rachel as a reporter with a helpdesk folder", async () => {
  const me = await meAs("rachel");
  expect(me.userType).toEqual({ id: "REPORTER" });
  expect(me.profiles.helpdesk).toEqual({ helpdeskFolder: { id: "hf-rachel" }, isReporter: true });
  expect(flagsOf(me)[FEATURE_FLAG.AI_ASSISTANT]).toBe(false);
});

test("GET /api/users/me tells that tom must use two-factor authentication and has no method", async () => {
  await backend.db.user.update({ where: { login: "tom" }, data: { twoFactorEnabled: false } });
  const me = await meAs("tom");
  await afterTomsSetUp(backend.db);
  expect(me.requiredTwoFactorAuthentication).toBe(true);
  expect(me.twoFactorAuthentication).toEqual({ enabled: false });
  expect(me.webauthnDevice).toEqual({ enabled: false });
});

test("GET /api/users/me lists only main-menu and administration-menu widgets of installed apps", async () => {
  await withBackend(async ({ db, client }) => {
    await db.app.create({
      data: {
        id: "app-1",
        name: "timer",
        title: "Timer",
        version: "1.0.0",
        manifest: "{}",
        widgets: {
          create: [
            {
              key: "main",
              name: "Timer",
              extensionPoint: "MAIN_MENU_ITEM",
              indexPath: "main/index.html",
              iconPath: "icon.svg",
            },
            {
              key: "admin",
              name: "Timer admin",
              extensionPoint: "ADMINISTRATION_MENU_ITEM",
              indexPath: "admin/index.html",
            },
            {
              key: "dash",
              name: "Timer widget",
              extensionPoint: "DASHBOARD_WIDGET",
              indexPath: "dash/index.html",
            },
          ],
        },
      },
    });
    const response = await client.request("GET", withFields(ME, selectorFor(CurrentUserSchema)));
    const me = CurrentUserSchema.parse(expectOk(response));
    // The seeded sample apps have menu widgets too; this test is about its own app.
    const timer = me.widgets.filter((w) => w.appName === "timer");
    expect(timer.map((w) => [w.key, w.extensionPoint, w.appName, w.appIconPath])).toEqual([
      ["admin", "ADMINISTRATION_MENU_ITEM", "timer", null],
      ["main", "MAIN_MENU_ITEM", "timer", "api/appResources/app-1/icon.svg"],
    ]);
  });
});

test("POST appearance saves a theme and answers the whole appearance profile", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", APPEARANCE, {
      body: { uiTheme: "darcula" },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({ uiTheme: "darcula", expandNavigation: true, showTooltips: true });
    expect(await userRow(db, "alice")).toMatchObject({ uiTheme: "darcula", expandNavigation: true });
    const me = await client.request("GET", withFields(ME, "profiles(appearance(uiTheme))"), {
      headers: bearer("alice"),
    });
    expect(expectOk(me)).toEqual({ profiles: { appearance: { uiTheme: "darcula" } } });
  });
});

test("POST appearance saves several settings at once and touches no other user", async () => {
  await withBackend(async ({ db, client }) => {
    const before = await userRow(db, "admin");
    const response = await client.request("POST", APPEARANCE, {
      body: { uiTheme: "default", expandNavigation: false, showTooltips: false },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({ uiTheme: "default", expandNavigation: false, showTooltips: false });
    expect(await userRow(db, "alice")).toMatchObject({
      uiTheme: "default",
      expandNavigation: false,
      showTooltips: false,
    });
    expect(await userRow(db, "admin")).toEqual(before);
  });
});

test("POST appearance answers only the selected fields", async () => {
  await withBackend(async ({ client }) => {
    const response = await client.request("POST", withFields(APPEARANCE, "showTooltips"), {
      body: { showTooltips: false },
      headers: bearer("tom"),
    });
    expect(expectOk(response)).toEqual({ showTooltips: false });
  });
});

test.each([
  ["an unknown uiTheme", { body: { uiTheme: "dark" } }],
  ["a non-boolean expandNavigation", { body: { expandNavigation: "false" } }],
  ["a null showTooltips", { body: { showTooltips: null } }],
  ["an unknown key next to a valid one", { body: { uiTheme: "darcula", fontSize: 12 } }],
  ["an empty object", { body: {} }],
  ["an array", { body: [{ uiTheme: "darcula" }] }],
  ["a JSON null", { rawBody: "null" }],
  ["a body that is not JSON", { rawBody: "{uiTheme: darcula" }],
  ["a form-encoded body", { rawBody: "uiTheme=darcula", headers: { "content-type": "text/plain" } }],
  ["no body", {}],
])("POST appearance refuses %s with 400 and writes nothing", async (_, options) => {
  await withBackend(async ({ db, client }) => {
    const headers = {
      ...bearer("alice"),
      ...("headers" in options ? options.headers : {}),
    };
    const before = await writableState(db);
    const response = await client.request("POST", APPEARANCE, { ...options, headers });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST appearance refuses a malformed selector with 400 before it writes", async () => {
  await withBackend(async ({ db, client }) => {
    const headers = bearer("alice");
    const before = await writableState(db);
    const response = await client.request("POST", withFields(APPEARANCE, "uiTheme,"), {
      body: { uiTheme: "darcula" },
      headers,
    });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST appearance refuses the guest with 401 and writes nothing", async () => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", APPEARANCE, {
      body: { uiTheme: "darcula" },
      headers: sameOrigin(),
    });
    expectError(response, 401, "unauthorized");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST appearance without a token or an Origin is refused with 403 and writes nothing", async () => {
  await withBackend(async ({ db, client }) => {
    const headers = {};
    const before = await writableState(db);
    const response = await client.request("POST", APPEARANCE, { body: { uiTheme: "darcula" }, headers });
    expectError(response, 403, "forbidden");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST appearance with a bearer token needs no Origin", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", APPEARANCE, {
      body: { uiTheme: "darcula" },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toMatchObject({ uiTheme: "darcula" });
    expect((await userRow(db, "alice")).uiTheme).toBe("darcula");
  });
});

test("POST keel saves the contrast, which the current user then carries in profiles.keel", async () => {
  await withBackend(async ({ db, client }) => {
    expect((await meAs("alice")).profiles.keel).toEqual({
      contrast: "system",
      navigation: DEFAULT_SHAPE,
      notifications: DEFAULT_NOTIFICATION_KINDS,
    });
    const response = await client.request("POST", KEEL_PROFILE, {
      body: { contrast: "more" },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({
      contrast: "more",
      navigation: DEFAULT_SHAPE,
      notifications: DEFAULT_NOTIFICATION_KINDS,
    });
    expect((await userRow(db, "alice")).contrast).toBe("more");
    const me = await client.request("GET", withFields(ME, "profiles(keel(contrast))"), {
      headers: bearer("alice"),
    });
    expect(expectOk(me)).toEqual({ profiles: { keel: { contrast: "more" } } });
    expect((await userRow(db, "admin")).contrast).toBe("system");
  });
});

test("POST keel saves the navigation shape alone, and the current user carries it everywhere", async () => {
  await withBackend(async ({ db, client }) => {
    const navigation = {
      order: ["articles", "issues", "app-removed-since"],
      pinned: ["articles"],
      hidden: ["gantt-charts"],
      landing: "articles",
    };
    const response = await client.request("POST", KEEL_PROFILE, {
      body: { navigation },
      headers: bearer("alice"),
    });
    // The contrast is left as it was.
    expect(expectOk(response)).toEqual({
      contrast: "system",
      navigation,
      notifications: DEFAULT_NOTIFICATION_KINDS,
    });
    expect(JSON.parse((await userRow(db, "alice")).navigationShape)).toEqual(navigation);
    const meOf = async (login: string) =>
      CurrentUserSchema.parse(expectOk(await client.request("GET", FULL_ME, { headers: bearer(login) })));
    expect((await meOf("alice")).profiles.keel).toEqual({
      contrast: "system",
      navigation,
      notifications: DEFAULT_NOTIFICATION_KINDS,
    });
    const me = await client.request("GET", withFields(ME, "profiles(keel(navigation(pinned,landing)))"), {
      headers: bearer("alice"),
    });
    expect(expectOk(me)).toEqual({
      profiles: { keel: { navigation: { pinned: ["articles"], landing: "articles" } } },
    });
    expect((await meOf("admin")).profiles.keel?.navigation).toEqual(DEFAULT_SHAPE);
  });
});

test("a stored navigation shape the contract no longer accepts reads as the default menu", async () => {
  await withBackend(async ({ db, client }) => {
    const aliceShape = async () =>
      CurrentUserSchema.parse(expectOk(await client.request("GET", FULL_ME, { headers: bearer("alice") })))
        .profiles.keel?.navigation;
    await db.user.update({ where: { login: "alice" }, data: { navigationShape: '{"order":"not a list"}' } });
    expect(await aliceShape()).toEqual(DEFAULT_SHAPE);
    await db.user.update({ where: { login: "alice" }, data: { navigationShape: "{not json" } });
    expect(await aliceShape()).toEqual(DEFAULT_SHAPE);
  });
});

const TOO_MANY_IDS = Array.from({ length: NAVIGATION_SHAPE_MAX_ITEMS + 1 }, (_, i) => `item-${i}`);

test.each([
  ["an unknown contrast", { contrast: "ultra" }],
  ["a navigation shape with too many ids", { navigation: { ...DEFAULT_SHAPE, order: TOO_MANY_IDS } }],
  [
    "a navigation shape with a too long id",
    { navigation: { ...DEFAULT_SHAPE, pinned: ["x".repeat(NAVIGATION_ITEM_ID_MAX_LENGTH + 1)] } },
  ],
  ["a navigation shape without its lists", { navigation: { landing: null } }],
  ["an unknown key", { contrast: "more", uiTheme: "darcula" }],
  ["an empty object", {}],
])("POST keel refuses %s with 400 and writes nothing", async (_, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", KEEL_PROFILE, { body, headers: bearer("alice") });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST keel refuses the guest with 401", async () => {
  await withBackend(async ({ client }) => {
    const response = await client.request("POST", KEEL_PROFILE, {
      body: { contrast: "more" },
      headers: sameOrigin(),
    });
    expectError(response, 401, "unauthorized");
  });
});

test("POST tips saves pricingAdminPopupShown and answers the tips profile", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", TIPS, {
      body: { pricingAdminPopupShown: true },
      headers: bearer("admin"),
    });
    expect(expectOk(response)).toEqual({
      showPricingAdminPopup: true,
      pricingAdminPopupShown: true,
      showTips: false,
    });
    expect(await userRow(db, "admin")).toMatchObject({
      showPricingAdminPopup: true,
      pricingAdminPopupShown: true,
    });
  });
});

test("POST tips saves the tips-at-startup setting", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", TIPS, {
      body: { showTips: true },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toMatchObject({ showTips: true });
    expect(await db.user.findUniqueOrThrow({ where: { login: "alice" } })).toMatchObject({ showTips: true });
  });
});

test.each([
  ["a non-boolean value", { pricingAdminPopupShown: "yes" }],
  ["a non-boolean tips setting", { showTips: 1 }],
  ["the server-owned showPricingAdminPopup", { showPricingAdminPopup: false }],
  ["an extra key", { pricingAdminPopupShown: true, other: 1 }],
  ["an empty object", {}],
])("POST tips refuses %s with 400 and writes nothing", async (_, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    expectError(await client.request("POST", TIPS, { body, headers: bearer("admin") }), 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST tips refuses a malformed selector with 400 before it writes", async () => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    const response = await client.request("POST", withFields(TIPS, "pricingAdminPopupShown("), {
      body: { pricingAdminPopupShown: true },
      headers: bearer("admin"),
    });
    expectError(response, 400, "bad_request");
    expect(await writableState(db)).toEqual(before);
  });
});

test("POST tips refuses the guest with 401", async () => {
  const response = await backend.client.request("POST", TIPS, {
    body: { pricingAdminPopupShown: true },
    headers: sameOrigin(),
  });
  expectError(response, 401, "unauthorized");
});

test.each([
  ["admin", "an-admin-0001"],
  ["alice", "an-alice-0002"],
  ["rachel", null],
])("GET analytics profile with ignoreLicenseErrors gives %s's analyticsId", async (login, analyticsId) => {
  const response = await backend.client.request(
    "GET",
    `${ANALYTICS_PROFILE}?fields=analyticsId&ignoreLicenseErrors=true`,
    { headers: await backend.readAs(login) },
  );
  expect(expectOk(response)).toEqual({ analyticsId });
});

test("GET analytics profile answers the guest with a null analyticsId", async () => {
  const response = await backend.client.request(
    "GET",
    `${ANALYTICS_PROFILE}?fields=analyticsId&ignoreLicenseErrors=true`,
  );
  expect(expectOk(response)).toEqual({ analyticsId: null });
});

test("GET analytics profile without fields still answers the analyticsId", async () => {
  const response = await backend.client.request("GET", `${ANALYTICS_PROFILE}?ignoreLicenseErrors=false`, {
    headers: bearer("alice"),
  });
  expect(expectOk(response)).toEqual({ analyticsId: "an-alice-0002" });
});

test.each(["yes", "1", "TRUE", ""])(
  "GET analytics profile refuses ignoreLicenseErrors=%s with 400 naming the parameter",
  async (value) => {
    const response = await backend.client.request(
      "GET",
      `${ANALYTICS_PROFILE}?fields=analyticsId&ignoreLicenseErrors=${value}`,
      { headers: bearer("alice") },
    );
    const body = expectError(response, 400, "bad_request");
    expect(body.issues?.map((i) => i.path)).toEqual(["ignoreLicenseErrors"]);
  },
);

test("GET analytics profile refuses an unknown query parameter", async () => {
  const response = await backend.client.request(
    "GET",
    `${ANALYTICS_PROFILE}?fields=analyticsId&ignoreLicenseErrors=true&debug=1`,
    { headers: bearer("alice") },
  );
  expectError(response, 400, "bad_request");
});

const GENERAL = "/api/users/me/profiles/general";

test("POST general saves the time zone and the date format, and users/me then answers them", async () => {
  await withBackend(async ({ db, client }) => {
    const response = await client.request("POST", GENERAL, {
      body: { timezone: { id: "Asia/Tokyo" }, dateFieldFormat: { id: "yyyy-MM-dd" } },
      headers: bearer("alice"),
    });
    expect(expectOk(response)).toEqual({
      locale: { language: "en", locale: "en_US" },
      dateFieldFormat: { id: "yyyy-MM-dd", datePattern: "yyyy-MM-dd", pattern: "yyyy-MM-dd HH:mm" },
      timezone: { id: "Asia/Tokyo" },
    });
    expect(await userRow(db, "alice")).toMatchObject({
      timezone: "Asia/Tokyo",
      dateFormat: "yyyy-MM-dd",
      language: "en",
    });
    const me = await client.request("GET", FULL_ME, { headers: bearer("alice") });
    expect(CurrentUserSchema.parse(expectOk(me)).profiles.general).toMatchObject({
      dateFieldFormat: { id: "yyyy-MM-dd", pattern: "yyyy-MM-dd HH:mm" },
      timezone: { id: "Asia/Tokyo" },
    });
  });
});

test.each([
  ["an unknown time zone", { timezone: { id: "Mars/Olympus_Mons" } }],
  ["an unknown date format", { dateFieldFormat: { id: "yyyy" } }],
  ["a time zone given as a string", { timezone: "UTC" }],
  ["nothing to change", {}],
])("POST general refuses %s with 400 and writes nothing", async (_, body) => {
  await withBackend(async ({ db, client }) => {
    const before = await writableState(db);
    expectError(
      await client.request("POST", GENERAL, { body, headers: bearer("alice") }),
      400,
      "bad_request",
    );
    expect(await writableState(db)).toEqual(before);
  });
});
