// The banners above the page, each dismissible with a plain form; with scripts it goes at once.
// Several take one row: the first, and a count that opens the others below it (a native
// disclosure, so it works without scripts).
import { useTranslation } from "react-i18next";
import { useFetcher, useFetchers, useLocation } from "react-router";
import { CsrfInput } from "../components/csrf-input.tsx";
import type { ShownBanner } from "./banners.server.ts";

const fetcherKey = (banner: ShownBanner) => `banner-${banner.key}`;

export function BannerList({ banners }: { banners: readonly ShownBanner[] }) {
  const { t } = useTranslation("shell");
  // A banner being dismissed leaves the count at once; the reloaded list then no longer has it.
  const leaving = new Set(useFetchers().map((fetcher) => fetcher.key));
  const [first, ...rest] = banners.filter((banner) => !leaving.has(fetcherKey(banner)));
  if (!first) return null;
  return (
    <div className="banner-stack">
      <Banner banner={first} />
      {rest.length > 0 ? (
        <details className="banner-more">
          <summary title={t("banner.more", { count: rest.length })}>
            <span aria-hidden="true" dir="ltr">
              +{rest.length}
            </span>
            <span className="visually-hidden">{t("banner.more", { count: rest.length })}</span>
          </summary>
          <div className="banner-more-list">
            {rest.map((banner) => (
              <Banner key={banner.key} banner={banner} />
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}

function Banner({ banner }: { banner: ShownBanner }) {
  const fetcher = useFetcher({ key: fetcherKey(banner) });
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
