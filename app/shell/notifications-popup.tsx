// The notifications centre as a popup beside the left bar (docs/notifications.md).
// Without scripts the Notifications item is a plain link to the /notifications page instead.
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Avatar } from "../components/people.tsx";
import { Time } from "../components/time.tsx";
import { useInbox } from "./inbox-context.tsx";

const CENTRE_LIMIT = 8;
/** Space between the bell and the popup, and between the popup and the window's edges. */
const GAP_PX = 8;
const BELL = '[data-nav-item="notifications"]';

/**
 * Where the popup opens: beside its bell (towards the page, whichever side the bar is on), its top level
 * with the bell's and moved up only as far as it must to stay in the window. Null when the bell is not
 * shown (the narrow layout's menu), where the stylesheet places it under the top bar.
 */
function besideBell(popup: HTMLElement): CSSProperties | null {
  const bell = document.querySelector(BELL)?.getBoundingClientRect();
  if (!bell || bell.width === 0 || bell.height === 0) return null;
  const rtl = getComputedStyle(popup).direction === "rtl";
  const inline = rtl ? window.innerWidth - bell.left + GAP_PX : bell.right + GAP_PX;
  const lowest = window.innerHeight - popup.offsetHeight - GAP_PX;
  return {
    insetInlineStart: `${inline}px`,
    insetBlockStart: `${Math.max(GAP_PX, Math.min(bell.top, lowest))}px`,
  };
}

/** Loaded when the centre first opens (root.tsx); closed, the popup renders nothing. */
export default function NotificationsPopup() {
  const inbox = useInbox();
  const { centreOpen, closeCentre } = inbox;
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const { t } = useTranslation("shell");
  const [position, setPosition] = useState<CSSProperties | null>(null);

  // Measured before paint, again when the window or the popup's content changes size.
  useLayoutEffect(() => {
    const element = panel.current;
    if (!centreOpen || !element) return;
    const place = () => setPosition(besideBell(element));
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener("resize", place);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", place);
    };
  }, [centreOpen]);

  useEffect(() => {
    if (!centreOpen) return;
    opener.current = document.activeElement;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeCentre();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (panel.current?.contains(target) || target?.closest(BELL)) return;
      closeCentre();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      if (opener.current instanceof HTMLElement && document.contains(opener.current)) opener.current.focus();
    };
  }, [centreOpen, closeCentre]);

  if (!inbox.centreOpen) return null;
  const threads = inbox.centreThreads;
  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby="notifications-popup-title"
      className="notifications-popup"
      data-anchored={position ? "" : undefined}
      style={position ?? undefined}
      tabIndex={-1}
    >
      <header className="notifications-popup-header">
        <h2 id="notifications-popup-title">{t("notifications.title")}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t("notifications.close")}
          onClick={inbox.closeCentre}
        >
          ×
        </button>
      </header>
      {inbox.centreState !== "rendered" || threads === null ? (
        <p role="status" className="notifications-popup-status">
          {t("notifications.loading")}
        </p>
      ) : threads.length === 0 ? (
        <p className="notifications-popup-status">{t("notifications.empty")}</p>
      ) : (
        <ul className="notifications-popup-list">
          {threads.slice(0, CENTRE_LIMIT).map((thread) => (
            <li key={thread.id} data-unread={thread.unread || undefined}>
              <Avatar name={thread.messages.at(-1)?.author?.name ?? "Keel"} />
              <div>
                {thread.unread ? (
                  <span className="unread-dot" aria-label={t("notifications.unread")} />
                ) : null}
                <Link
                  to={thread.issue ? `/issue/${thread.issue.idReadable}` : "/notifications"}
                  onClick={inbox.closeCentre}
                  dir="auto"
                >
                  {thread.subject}
                </Link>
                <p className="thread-message" dir="auto">
                  {thread.messages.at(-1)?.text}
                </p>
              </div>
              {thread.messages.length > 0 ? (
                <span className="thread-time">
                  <Time value={thread.messages.at(-1)!.timestamp} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {inbox.centreState === "rendered" && inbox.centreWhatsNew ? (
        <section className="notifications-popup-whats-new" aria-labelledby="notifications-popup-whats-new">
          <h3 id="notifications-popup-whats-new">{t("notifications.whatsNew")}</h3>
          <ul>
            {inbox.centreWhatsNew.features.slice(0, 3).map((feature) => (
              <li key={feature.title}>{feature.title}</li>
            ))}
          </ul>
          <Link to="/notifications?folder=whatsnew" onClick={inbox.closeCentre}>
            {t("notifications.seeWhatsNew")}
          </Link>
        </section>
      ) : null}
      <footer className="notifications-popup-footer">
        <Link to="/notifications" onClick={inbox.closeCentre}>
          {t("notifications.all")}
        </Link>
      </footer>
    </div>
  );
}
