// The banners above the page, each dismissible with a plain form; with scripts it goes at once.
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { CsrfInput } from "../components/csrf-input.tsx";
import type { ShownBanner } from "./banners.server.ts";

export function BannerList({ banners }: { banners: readonly ShownBanner[] }) {
  return banners.map((banner) => <Banner key={banner.key} banner={banner} />);
}

function Banner({ banner }: { banner: ShownBanner }) {
  const fetcher = useFetcher({ key: `banner-${banner.key}` });
  const { pathname, search } = useLocation();
  const { t } = useTranslation("shell");
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <aside className="banner" data-kind={banner.kind} aria-label={t("banner.label")}>
      <div className="banner-text markdown" dir="auto" dangerouslySetInnerHTML={{ __html: banner.html }} />
      <fetcher.Form method="post" action="/settings/banners">
        <CsrfInput />
        <input type="hidden" name="banner" value={banner.key} />
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <button type="submit" className="icon-button" aria-label={t("banner.dismiss")}>
          ×
        </button>
      </fetcher.Form>
    </aside>
  );
}
