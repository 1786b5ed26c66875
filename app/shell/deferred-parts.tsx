// Parts of the page the browser hydrates on their own, after the page, once their code has arrived
// (docs/decisions/0029-the-left-bar-hydrates-on-its-own.md): their code is not among the first scripts,
// and their hydration is a task of its own. Until then the server's HTML stays, working as without scripts.
import { createContext, lazy, memo, Suspense, use, type ComponentType } from "react";
import { appLogger } from "../lib/app-logger.ts";
import {
  DeferredPartContext,
  useDeferredPartMounted,
  useMarkPartHydrated,
  type DeferredPart,
} from "../lib/use-hydrated.ts";
import type { HelpPanelBodyProps } from "./help-panel-body.tsx";
import type { LeftNavigationProps } from "./left-navigation.tsx";
import type { AgreementPromptProps } from "./user-agreement-prompt.tsx";

/** Each part's component, by part. */
export interface EagerParts {
  navigation: ComponentType<LeftNavigationProps>;
  "help-panel": ComponentType<HelpPanelBodyProps>;
  agreement: ComponentType<AgreementPromptProps>;
}

/**
 * The parts' components, given by the server's entry to its render (entry.server.tsx): the server renders
 * them at once, as part of the page. A lazy component on the server would suspend, and React would send its
 * HTML after the page's end with a script to move it in place, which a browser without scripts never runs.
 */
export const EagerPartsContext = createContext<Partial<EagerParts>>({});

function HydrationMark({ part }: { part: DeferredPart }) {
  useMarkPartHydrated(part);
  return null;
}

/**
 * The component that places `part` on the page: the server's component on the server, in the browser the
 * one `load` brings, hydrated in a Suspense boundary of its own. A chunk that fails to load is logged and
 * leaves the server's HTML in place.
 *
 * Memoised: before the part has hydrated, an urgent update that reaches its boundary (a render of the
 * shell with new props) makes React replace the server's HTML with the boundary's fallback, nothing. What
 * the part reads from a context must change only in transitions, or once `usePartsHydrated` says so.
 */
export function deferredPart<Props extends object>(
  part: keyof EagerParts,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Lazy = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        appLogger.error("A part of the page did not load: its server HTML stays", { part, error });
        return new Promise<never>(() => {});
      },
    ),
  );
  return memo(function Part(props: Props) {
    useDeferredPartMounted(part);
    const Component = (use(EagerPartsContext)[part] as ComponentType<Props> | undefined) ?? Lazy;
    return (
      <DeferredPartContext value>
        <Suspense fallback={null}>
          <HydrationMark part={part} />
          <Component {...props} />
        </Suspense>
      </DeferredPartContext>
    );
  });
}
