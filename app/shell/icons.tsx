import type { IconName } from "./navigation-model.ts";

// 24×24 strokes; decorative, so hidden from assistive technology: every item has a visible name.
type ExtraIcon = "more" | "collapse" | "expand" | "menu" | "chevron" | "grip";

const PATHS: Record<IconName | ExtraIcon, string> = {
  issues: "M5 4h14v16H5zM8 8h8M8 12h8M8 16h5",
  tickets: "M4 7h16v4a2 2 0 0 0 0 4v4H4v-4a2 2 0 0 0 0-4zM12 7v12",
  helpdesk: "M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H4zM17 13h3v6h-3z",
  dashboards: "M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z",
  agiles: "M4 4h4v16H4zM10 4h4v10h-4zM16 4h4v13h-4z",
  reports: "M4 20V10M10 20V4M16 20v-7M20 20H3",
  projects: "M3 6h7l2 2h9v11H3z",
  articles: "M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7",
  timesheets: "M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
  gantt: "M4 5h9M7 10h10M10 15h9M4 20h16",
  canvas: "M4 4h16v16H4zM8 9h3v3H8zM14 13h3v3h-3zM11 11l3 3",
  ai: "M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2zM19 16l1 2 2 1-2 1-1 2-1-2-2-1 2-1z",
  app: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  notifications: "M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0",
  create: "M12 5v14M5 12h14",
  help: "M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.5M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1-2-4-2 1-2-1-1-2h-4l-1 2-2 1-2-1-2 4 2 1v0l-2 1 2 4 2-1 2 1 1 2h4l1-2 2-1 2 1 2-4z",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  collapse: "M15 6l-6 6 6 6",
  expand: "M9 6l6 6-6 6",
  menu: "M4 6h16M4 12h16M4 18h16",
  chevron: "M9 6l6 6-6 6",
  grip: "M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01",
};

export type IconKey = keyof typeof PATHS;

export const iconPath = (name: IconKey): string => PATHS[name];

/** Icons that point along the reading direction; mirrored in right-to-left layouts. */
const DIRECTIONAL = new Set<IconKey>(["collapse", "expand", "chevron"]);

export function Icon({ name }: { name: IconKey }) {
  return <PathIcon d={PATHS[name]} directional={DIRECTIONAL.has(name)} />;
}

/** A decorative 24×24 stroke icon from its path. */
export function PathIcon({ d, directional = false }: { d: string; directional?: boolean }) {
  return (
    <svg
      className={directional ? "icon icon-directional" : "icon"}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
