// What opens by itself after sign-in (docs/shell.md, Startup popups): the tips for new users when the
// profile asks for them, once per browser session. (The pricing-update popup's code, pricing-popup.tsx, loads
// after hydration for the users `mayShowPricingPopup` in shell-rules.ts lets through.) Both need scripts:
// without them nothing pops up.
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import type { CurrentUser } from "#contract/api.ts";
import { HELP_PANEL_PARAM } from "./help-panel.tsx";

const TIPS_SHOWN_KEY = "keel.session.tipsShown";

export function useTipsAtStartup(user: CurrentUser): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const show = !user.guest && user.profiles.tips.showTips;
  useEffect(() => {
    if (!show) return;
    try {
      if (sessionStorage.getItem(TIPS_SHOWN_KEY)) return;
      sessionStorage.setItem(TIPS_SHOWN_KEY, "1");
    } catch {
      return;
    }
    const params = new URLSearchParams(search);
    if (params.has(HELP_PANEL_PARAM)) return;
    params.set(HELP_PANEL_PARAM, "tips");
    void navigate(`${pathname}?${params.toString()}`, { replace: true });
    // Once per session, on whichever page comes first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show]);
}
