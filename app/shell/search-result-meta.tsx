import { useTranslation } from "react-i18next";
import type { PaletteEntry } from "./command-palette.ts";

/** Where a palette entry comes from: its group and, for issues and articles, its id or its menu. */
export function SearchResultMeta({ result }: { result: PaletteEntry }) {
  const { t } = useTranslation("shell");
  return (
    <span className="muted">
      {t(`search.group.${result.group}`)}
      {result.detail ? ` · ${result.detail}` : null}
    </span>
  );
}
