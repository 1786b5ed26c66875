/* global YTApp */
// The full-page places: the app's own location (navigation), the per-user storage, and what YTApp says.
import { messageOf, show, ytApp } from "../assets/ui.js";

const $ = (id) => document.getElementById(id);
const status = $("status");
const storageResult = $("storage-result");

/** "reports?tab=2#top" from {pathname, search, hash}. */
function describe(location) {
  if (!location || typeof location !== "object") return String(location);
  const { pathname = "", search = "", hash = "" } = location;
  return `${pathname}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}

function showLocation(location) {
  $("location").textContent = `Location: ${describe(location) || "/"}`;
}

let changes = 0;
ytApp(status);
show(status, "Registering…");
const host = await YTApp.register({
  onAppLocationChange(location) {
    changes += 1;
    $("location-event").textContent = `Location change #${changes}: ${describe(location) || "/"}`;
    showLocation(location);
  },
});
show(status, "Ready");

$("me").textContent = YTApp.me ? `${YTApp.me.login}${YTApp.me.name ? ` (${YTApp.me.name})` : ""}` : "nobody";
$("locale").textContent = String(YTApp.locale);
$("entity").textContent = JSON.stringify(YTApp.entity ?? null);
$("widget").textContent = JSON.stringify(YTApp.widget ?? null);

// Only full-page places (main and administration menu) get navigation.
const navigation = host.navigation;
if (navigation) {
  const act = (id, run) =>
    $(id).addEventListener("click", async () => {
      try {
        await run();
        showLocation(await navigation.getAppLocation());
      } catch (error) {
        show(status, `Navigation failed: ${messageOf(error)}`, "error");
      }
    });
  act("push", () => navigation.updateAppLocation({ pathname: "reports", search: "tab=2" }));
  act("replace", () => navigation.replaceAppLocation({ pathname: "overview", search: "", hash: "top" }));
  act("read", () => undefined);
  try {
    showLocation(await navigation.getAppLocation());
  } catch (error) {
    $("location").textContent = `Location: unavailable (${messageOf(error)})`;
  }
} else {
  $("location").textContent = "Location: navigation is not available here";
  $("location-buttons").hidden = true;
}

/** Runs one storage call and shows its outcome, "Refused: InvalidAccessError: …" or "Failed: …". */
function storageAction(id, run) {
  $(id).addEventListener("click", async () => {
    try {
      show(storageResult, await run(), "ok");
    } catch (error) {
      const name = error && typeof error === "object" && typeof error.name === "string" ? error.name : "";
      const text = `${name && !messageOf(error).startsWith(name) ? `${name}: ` : ""}${messageOf(error)}`;
      const refused = /InvalidAccessError|QuotaExceededError/.test(text);
      show(storageResult, `${refused ? "Refused" : "Failed"}: ${text}`, "error");
    }
  });
}

const key = () => $("key").value;
storageAction("set", async () => {
  await host.storage.setItem(key(), $("value").value);
  return `setItem ok: ${key()}`;
});
storageAction("get", async () => {
  const value = await host.storage.getItem(key());
  return `getItem: ${key()} = ${value === null ? "(none)" : value}`;
});
storageAction("keys", async () => {
  const keys = await host.storage.getKeys();
  return `getKeys: ${keys.length ? keys.join(", ") : "(none)"}`;
});
storageAction("remove", async () => {
  await host.storage.removeItem(key());
  return `removeItem ok: ${key()}`;
});
storageAction("clear", async () => {
  await host.storage.clear();
  return "clear ok";
});
storageAction("reserved", async () => {
  await host.storage.setItem("__meta:x", "reserved");
  return "setItem ok: __meta:x (expected InvalidAccessError)";
});

$("alert").addEventListener("click", async () => {
  try {
    await host.alert("Hello from Workspace", "message");
    show(status, "Alert shown", "ok");
  } catch (error) {
    show(status, `Alert failed: ${messageOf(error)}`, "error");
  }
});
