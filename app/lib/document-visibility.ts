// Whether the tab is visible, and when that changes: the notification poller and the pricing popup ask.
export interface VisibilitySource {
  isVisible(): boolean;
  subscribe(listener: () => void): () => void;
}

export function documentVisibility(doc: Document = document): VisibilitySource {
  return {
    isVisible: () => doc.visibilityState === "visible",
    subscribe(listener) {
      doc.addEventListener("visibilitychange", listener);
      return () => doc.removeEventListener("visibilitychange", listener);
    },
  };
}
