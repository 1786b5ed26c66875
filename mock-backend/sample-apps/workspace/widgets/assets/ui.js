// Small helpers shared by this app's widgets.

/** What a failure says: hosts reject with an Error or with a plain `{name, message}` object. */
export function messageOf(error) {
  if (error && typeof error === "object" && "message" in error) return String(error.message);
  return String(error);
}

/** "POST declined: …" for a declined request, "Refused: …" outside the api path, else "GET failed: …". */
export function describeFailure(method, error) {
  const message = messageOf(error);
  if (/declined by user/i.test(message)) return `${method} declined: ${message}`;
  if (/is not allowed/i.test(message)) return `Refused: ${message}`;
  return `${method} failed: ${message}`;
}

/** Shows `text` in a status element; `tone` is "ok", "error" or "" (neutral). */
export function show(element, text, tone = "") {
  element.textContent = text;
  if (tone) element.dataset.tone = tone;
  else delete element.dataset.tone;
}

export const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** The injected `YTApp`, or a visible explanation when the page is opened outside Keel. */
export function ytApp(status) {
  if (typeof window.YTApp === "undefined") {
    show(status, "YTApp is not available: open this widget inside Keel.", "error");
    throw new Error("YTApp is not available");
  }
  return window.YTApp;
}
