// This device's desktop notifications and Web Push, loaded after hydration on the settings page only.
// Permission is asked only here, on a click.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useCsrfToken } from "../components/use-csrf-token.ts";
import { SERVICE_WORKER_PATH } from "../offline/sw-policy.ts";
import { DESKTOP_NOTIFICATIONS_KEY, DESKTOP_SWITCH_EVENT, desktopNotificationsOn } from "./desktop-switch.ts";
import { NOTIFICATION_SETTINGS_PATH } from "./notification-settings.tsx";

type Permission = NotificationPermission | "unsupported";

const permissionNow = (): Permission =>
  typeof Notification === "undefined" ? "unsupported" : Notification.permission;

const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window;

async function askPermission(): Promise<Permission> {
  if (typeof Notification === "undefined") return "unsupported";
  return Notification.permission === "default" ? Notification.requestPermission() : Notification.permission;
}

function setDesktop(on: boolean): void {
  if (on) window.localStorage.setItem(DESKTOP_NOTIFICATIONS_KEY, "on");
  else window.localStorage.removeItem(DESKTOP_NOTIFICATIONS_KEY);
  window.dispatchEvent(new Event(DESKTOP_SWITCH_EVENT));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_PATH);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export default function DeviceNotifications({
  applicationServerKey,
}: {
  applicationServerKey: string | null;
}) {
  const { t } = useTranslation("pages");
  const csrf = useCsrfToken();
  const fetcher = useFetcher();
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const [desktop, setDesktopState] = useState(desktopNotificationsOn);
  const [pushed, setPushed] = useState(false);
  const [problem, setProblem] = useState("");
  const canPush = applicationServerKey !== null && pushSupported();

  useEffect(() => {
    if (canPush) void currentSubscription().then((s) => setPushed(s !== null));
  }, [canPush]);

  async function toggleDesktop() {
    setProblem("");
    if (desktop) {
      setDesktop(false);
      setDesktopState(false);
      return;
    }
    const granted = await askPermission();
    setPermission(granted);
    if (granted !== "granted") return;
    setDesktop(true);
    setDesktopState(true);
  }

  async function togglePush() {
    setProblem("");
    try {
      if (pushed) {
        const subscription = await currentSubscription();
        if (subscription) {
          void fetcher.submit(
            { intent: "unsubscribe", endpoint: subscription.endpoint, csrf },
            { method: "post", action: NOTIFICATION_SETTINGS_PATH },
          );
          await subscription.unsubscribe();
        }
        setPushed(false);
        return;
      }
      const granted = await askPermission();
      setPermission(granted);
      if (granted !== "granted" || !applicationServerKey) return;
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/" });
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey,
      });
      const { endpoint, keys } = subscription.toJSON();
      await fetcher.submit(
        {
          intent: "subscribe",
          endpoint: endpoint ?? "",
          p256dh: keys?.p256dh ?? "",
          auth: keys?.auth ?? "",
          csrf,
        },
        { method: "post", action: NOTIFICATION_SETTINGS_PATH },
      );
      setPushed(true);
    } catch {
      // The browser's push service is out of reach or refused: said on the page, nothing kept.
      setProblem(t("notificationSettings.pushFailed"));
    }
  }

  return (
    <div className="device-notifications">
      {permission === "unsupported" ? (
        <p>{t("notificationSettings.unsupported")}</p>
      ) : (
        <>
          <p>
            <button
              type="button"
              className="button"
              aria-pressed={desktop}
              onClick={() => void toggleDesktop()}
            >
              {t("notificationSettings.desktop")}
            </button>{" "}
            <span className="muted">{t("notificationSettings.desktopHint")}</span>
          </p>
          {canPush ? (
            <p>
              <button
                type="button"
                className="button"
                aria-pressed={pushed}
                onClick={() => void togglePush()}
              >
                {t("notificationSettings.push")}
              </button>{" "}
              <span className="muted">{t("notificationSettings.pushHint")}</span>
            </p>
          ) : null}
          {permission === "denied" ? <p role="alert">{t("notificationSettings.denied")}</p> : null}
          {problem ? <p role="alert">{problem}</p> : null}
        </>
      )}
    </div>
  );
}
