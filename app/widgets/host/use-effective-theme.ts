import { useEffect, useState } from "react";

/** light or dark as the page shows it now: the chosen theme, or the system's for "system". */
export function effectiveTheme(): "light" | "dark" {
  if (typeof document === "undefined") return "light";
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "darcula") return "dark";
  if (chosen === "default") return "light";
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Follows theme changes live: the profile's choice (the root's data-theme) and the system's. */
export function useEffectiveTheme(): "light" | "dark" {
  const [theme, setTheme] = useState<"light" | "dark">("light");
  useEffect(() => {
    const update = () => setTheme(effectiveTheme());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    const media = window.matchMedia?.("(prefers-color-scheme: dark)");
    media?.addEventListener("change", update);
    return () => {
      observer.disconnect();
      media?.removeEventListener("change", update);
    };
  }, []);
  return theme;
}
