// The navigation settings page: every main-menu item with Pin, Hide and Move buttons, the landing page
// and a reset. Each button is a plain form post (no drag and drop, no script needed); with scripts the
// forms post through a fetcher and the focus stays on the button used, on the item wherever it moved.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { CsrfInput } from "../components/csrf-input.tsx";
import { Field } from "../components/field.tsx";

export const NAVIGATION_SETTINGS_PATH = "/settings/navigation";

interface Entry {
  id: string;
  name: string;
  pinned: boolean;
  hidden: boolean;
}

interface Props {
  entries: Entry[];
  landing: string;
  landingChoices: { id: string; name: string }[];
  shaped: boolean;
}

type Intent = "pin" | "unpin" | "hide" | "show" | "up" | "down";

/** The button to focus after `intent` on an item: the same one, or its counterpart once that one is gone. */
const FOCUS_AFTER: Record<Intent, Intent[]> = {
  up: ["up", "down"],
  down: ["down", "up"],
  pin: ["unpin"],
  unpin: ["pin"],
  hide: ["show"],
  show: ["hide"],
};

export function NavigationSettings({ entries, landing, landingChoices, shaped }: Props) {
  const { t } = useTranslation("pages");
  const fetcher = useFetcher<{ change: string }>();
  const list = useRef<HTMLOListElement>(null);
  // The button used, and whether its post has been under way: the focus moves once it has come back.
  const used = useRef<{ id: string; intent: Intent } | null>(null);
  const busy = useRef(false);
  const [announcement, setAnnouncement] = useState("");

  // Once the change has come back and the list re-rendered, the focus returns to the item's button.
  useEffect(() => {
    if (fetcher.state !== "idle") {
      busy.current = true;
      return;
    }
    const change = used.current;
    if (!busy.current || !change) return;
    busy.current = false;
    used.current = null;
    const row = list.current?.querySelector<HTMLElement>(`[data-item="${CSS.escape(change.id)}"]`);
    const button = FOCUS_AFTER[change.intent]
      .map((intent) => row?.querySelector<HTMLButtonElement>(`button[value="${intent}"]:not(:disabled)`))
      .find(Boolean);
    button?.focus();
    const index = entries.findIndex((entry) => entry.id === change.id);
    const entry = entries[index];
    if (!entry) return;
    setAnnouncement(
      change.intent === "up" || change.intent === "down"
        ? t("navigationSettings.moved", { name: entry.name, position: index + 1, count: entries.length })
        : t("navigationSettings.changed", { name: entry.name, state: stateOf(entry, t) }),
    );
  }, [fetcher.state, entries, t]);

  return (
    <section aria-labelledby="page-heading" className="navigation-settings">
      <h1 id="page-heading">{t("navigationSettings.title")}</h1>
      <p className="muted">{t("navigationSettings.intro")}</p>
      <h2 id="items-heading">{t("navigationSettings.items")}</h2>
      <ol ref={list} className="shape-list" aria-labelledby="items-heading">
        {entries.map((entry, index) => {
          const previous = entries[index - 1];
          const next = entries[index + 1];
          const button = (intent: Intent, text: string, disabled = false) => (
            // Named with the item ("Move up Issues"): every row has the same buttons.
            <button
              type="submit"
              name="intent"
              value={intent}
              id={`shape-${index}-${intent}`}
              aria-labelledby={`shape-${index}-${intent} shape-${index}`}
              className="button"
              disabled={disabled}
              onClick={() => {
                used.current = { id: entry.id, intent };
              }}
            >
              {text}
            </button>
          );
          return (
            <li key={entry.id} data-item={entry.id} className="shape-item">
              <span className="shape-name">
                <span id={`shape-${index}`}>{entry.name}</span>
                {entry.pinned ? (
                  <span className="shape-state"> · {t("navigationSettings.pinned")}</span>
                ) : null}
                {entry.hidden ? (
                  <span className="shape-state"> · {t("navigationSettings.hidden")}</span>
                ) : null}
              </span>
              <fetcher.Form method="post" action={NAVIGATION_SETTINGS_PATH} className="shape-actions">
                <CsrfInput />
                <input type="hidden" name="id" value={entry.id} />
                {entry.pinned
                  ? button("unpin", t("navigationSettings.unpin"))
                  : button("pin", t("navigationSettings.pin"))}
                {entry.hidden
                  ? button("show", t("navigationSettings.show"))
                  : button("hide", t("navigationSettings.hide"))}
                {/* Moves stay within the pinned items, or within the others. */}
                {button("up", t("navigationSettings.moveUp"), !previous || previous.pinned !== entry.pinned)}
                {button("down", t("navigationSettings.moveDown"), !next || next.pinned !== entry.pinned)}
              </fetcher.Form>
            </li>
          );
        })}
      </ol>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <fetcher.Form
        method="post"
        action={NAVIGATION_SETTINGS_PATH}
        className="settings-form"
        aria-labelledby="landing-heading"
      >
        <h2 id="landing-heading">{t("navigationSettings.landing")}</h2>
        <CsrfInput />
        <input type="hidden" name="intent" value="landing" />
        <Field id="landing" label={t("navigationSettings.landingLabel")}>
          {(control) => (
            <select {...control} name="landing" defaultValue={landing} key={landing}>
              <option value="">{t("navigationSettings.landingDefault")}</option>
              {landingChoices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="form-actions">
          <button type="submit" className="button button-primary">
            {t("navigationSettings.save")}
          </button>
          <span role="status">
            {fetcher.state === "idle" && fetcher.data?.change === "landing"
              ? t("navigationSettings.saved")
              : ""}
          </span>
        </p>
      </fetcher.Form>
      <fetcher.Form method="post" action={NAVIGATION_SETTINGS_PATH} className="settings-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="reset" />
        <p className="form-actions">
          <button type="submit" className="button">
            {t("navigationSettings.reset")}
          </button>
          <span role="status">
            {fetcher.state === "idle" && fetcher.data?.change === "reset"
              ? t("navigationSettings.resetDone")
              : ""}
          </span>
        </p>
        <p className="muted" hidden={shaped}>
          {t("navigationSettings.isDefault")}
        </p>
      </fetcher.Form>
    </section>
  );
}

function stateOf(
  entry: Entry,
  t: (key: "navigationSettings.pinned" | "navigationSettings.hidden" | "navigationSettings.shown") => string,
) {
  if (entry.pinned) return t("navigationSettings.pinned");
  return entry.hidden ? t("navigationSettings.hidden") : t("navigationSettings.shown");
}
