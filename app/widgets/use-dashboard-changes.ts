// With scripts, dashboard changes show at once and are saved one after another through the route's action,
// the same form posts a page without scripts sends.
import { startTransition, useCallback, useEffect, useOptimistic, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { DashboardTile } from "#contract/api.ts";
import { applyChange, changeFields, type DashboardChange } from "./dashboard-layout.ts";

export interface DashboardAnswer {
  ok: boolean;
  error: string | null;
}

/**
 * The tiles as they will be once every change made here is saved. Each change is an optimistic update
 * inside a transition that ends when its save (and the reload of the page's data) does; React keeps the
 * transitions together, so the saved layout replaces the optimistic one in a single render.
 */
export function useDashboardChanges(saved: readonly DashboardTile[], csrf: string, action: string) {
  const fetcher = useFetcher<DashboardAnswer>({ key: "dashboard-changes" });
  const [tiles, addOptimistic] = useOptimistic<readonly DashboardTile[], DashboardChange>(saved, applyChange);
  const [saving, setSaving] = useState(0);
  // One save at a time, in order: each is the whole dashboard with one more change.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const submit = useRef(fetcher.submit);
  useEffect(() => {
    submit.current = fetcher.submit;
  }, [fetcher.submit]);

  const change = useCallback(
    (next: DashboardChange) => {
      setSaving((count) => count + 1);
      startTransition(async () => {
        addOptimistic(next);
        const run = queue.current.then(() =>
          submit.current({ ...changeFields(next), csrf }, { method: "post", action }),
        );
        queue.current = run.catch(() => undefined);
        try {
          await run;
        } finally {
          setSaving((count) => count - 1);
        }
      });
    },
    [addOptimistic, csrf, action],
  );

  const answer = fetcher.data;
  return { tiles, change, saving: saving > 0, error: answer && !answer.ok ? answer.error : null };
}
