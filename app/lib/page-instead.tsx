// A popup's stand-in when its code does not load (offline, a new deployment): the page that does the same
// work without scripts opens instead, as it does for a browser without JavaScript. Nothing the person asked
// for is lost, and the page's own state goes with a navigation they asked for.
import { useEffect } from "react";

export function pageInstead<Props extends object>(
  path: string,
  /** Whether the popup is showing, for one that is rendered closed too. */
  shown: (props: Props) => boolean = () => true,
) {
  return function PageInstead(props: Props) {
    const go = shown(props);
    useEffect(() => {
      if (go) window.location.assign(path);
    }, [go]);
    return null;
  };
}
