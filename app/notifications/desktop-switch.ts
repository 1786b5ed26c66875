/** The browser's flag for "this person turned desktop notifications on here"; permission alone is no choice. */
export const DESKTOP_NOTIFICATIONS_KEY = "keel.notifications.desktop";

/** Sent on `window` when desktop notifications are turned on or off here. */
export const DESKTOP_SWITCH_EVENT = "keel:desktop-notifications";

/** Whether this browser shows desktop notifications: turned on here, and allowed. */
export function desktopNotificationsOn(): boolean {
  try {
    return (
      typeof Notification !== "undefined" &&
      Notification.permission === "granted" &&
      window.localStorage.getItem(DESKTOP_NOTIFICATIONS_KEY) === "on"
    );
  } catch {
    return false;
  }
}
