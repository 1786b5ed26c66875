// The browser must support sorted-copy array methods and object grouping.

/** For logs; the page shows it translated (errors:unsupportedBrowser.title). */
export const UNSUPPORTED_BROWSER_MESSAGE = "This browser is not supported";
export const BROWSER_SUPPORT_HELP_URL = "https://keel.dev/docs/browser-support/";
/** Set to true on `window` by browserCheckScript() when it replaced the page, so the app does not hydrate. */
export const UNSUPPORTED_BROWSER_GLOBAL = "__keelUnsupportedBrowser";

const ARRAY_METHODS = ["toSorted", "toReversed", "toSpliced", "with"] as const;

function hasMethod(owner: unknown, name: string): boolean {
  return (
    (typeof owner === "object" || typeof owner === "function") &&
    owner !== null &&
    typeof (owner as Record<string, unknown>)[name] === "function"
  );
}

export interface BrowserGlobals {
  readonly Array?: unknown;
  readonly Object?: unknown;
  readonly Map?: unknown;
}

export function isBrowserSupported(globals: BrowserGlobals = globalThis): boolean {
  const arrayPrototype = (globals.Array as { prototype?: unknown } | null | undefined)?.prototype;
  return (
    ARRAY_METHODS.every((name) => hasMethod(arrayPrototype, name)) &&
    hasMethod(globals.Object, "groupBy") &&
    hasMethod(globals.Map, "groupBy")
  );
}

/** The words of the unsupported-browser page, already in the reader's language (the check runs before i18next). */
export interface BrowserCheckTexts {
  readonly message: string;
  readonly help: string;
}

/** A JavaScript string literal in plain ASCII: nothing in it can end the script or trip an old parser. */
function scriptString(text: string): string {
  return JSON.stringify(text).replace(
    /[^\x20-\x7e]|[<>`]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The same check as an inline ES5 script that runs before the modules load and replaces the page when the
 * browser is unsupported. It builds nodes rather than HTML, so it needs no trusted-types policy.
 */
export function browserCheckScript({ message, help }: BrowserCheckTexts): string {
  return `(function () {
  var w = window;
  var d = document;
  function has(owner, name) {
    return !!owner && typeof owner[name] === "function";
  }
  var proto = w.Array && w.Array.prototype;
  if (
    has(proto, "toSorted") &&
    has(proto, "toReversed") &&
    has(proto, "toSpliced") &&
    has(proto, "with") &&
    has(w.Object, "groupBy") &&
    has(w.Map, "groupBy")
  ) {
    return;
  }
  w[${scriptString(UNSUPPORTED_BROWSER_GLOBAL)}] = true;
  function show() {
    var body = d.body;
    while (body.firstChild) body.removeChild(body.firstChild);
    var heading = d.createElement("h1");
    heading.appendChild(d.createTextNode(${scriptString(message)}));
    var link = d.createElement("a");
    link.setAttribute("href", ${scriptString(BROWSER_SUPPORT_HELP_URL)});
    link.appendChild(d.createTextNode(${scriptString(BROWSER_SUPPORT_HELP_URL)}));
    var paragraph = d.createElement("p");
    paragraph.appendChild(d.createTextNode(${scriptString(`${help} `)}));
    paragraph.appendChild(link);
    body.appendChild(heading);
    body.appendChild(paragraph);
  }
  if (d.body) {
    show();
  } else {
    d.addEventListener("DOMContentLoaded", show);
  }
})();
`;
}
