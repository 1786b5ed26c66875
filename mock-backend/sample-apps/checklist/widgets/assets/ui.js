// Small helpers shared by this app's widgets.

/** What a failure says: hosts reject with an Error or with a plain `{name, message}` object. */
export function messageOf(error) {
  if (error && typeof error === "object" && "message" in error) return String(error.message);
  return String(error);
}

/** Whether the user declined the host's question before a request that changes data. */
export const declined = (error) => /declined by user/i.test(messageOf(error));

/** Shows `text` in a status element; `tone` is "ok", "error" or "" (neutral). */
export function show(element, text, tone = "") {
  element.textContent = text;
  if (tone) element.dataset.tone = tone;
  else delete element.dataset.tone;
}

export const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** An element with a class and children (strings become text, never markup). */
export function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** "AM" for "Alice Member", "B" for "bob". */
export function initials(name) {
  const words = String(name ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0].toUpperCase())
      .join("") || "?"
  );
}

/** Fire-and-forget host calls (setTitle, setError, …): a failure must not become an unhandled rejection. */
export function quietly(call) {
  try {
    Promise.resolve(call()).catch(() => undefined);
  } catch {
    // The host lacks the method.
  }
}

/** The injected `YTApp`, or a visible explanation when the page is opened outside Keel. */
export function ytApp(status) {
  if (typeof window.YTApp === "undefined") {
    show(status, "This widget runs inside Keel: open it from an issue, article or dashboard.", "error");
    throw new Error("YTApp is not available");
  }
  return window.YTApp;
}
