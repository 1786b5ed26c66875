// What a page renders a widget's frame with (protocol.ts re-exports it).

/**
 * The frame's sandbox (downloads, top navigation and popups), as the iframe's
 * attribute and as the document's own policy. Never allow-same-origin; top navigation only from a click.
 */
export const WIDGET_SANDBOX = [
  "allow-scripts",
  "allow-forms",
  "allow-modals",
  "allow-downloads",
  "allow-popups",
  "allow-popups-to-escape-sandbox",
  "allow-top-navigation-by-user-activation",
] as const;

/** How long a frame has to register after it is created. */
export const REGISTER_TIMEOUT_MS = 60_000;
