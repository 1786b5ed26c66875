// A widget's place and its live frame: the server's markup is what the browser hydrates, and the live
// frame that renders inside the place's element near the viewport starts from the same box, so nothing
// moves. (That the element stays the same is checked in the browser: tests/e2e/widgets.spec.ts.)
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { WithI18n } from "#tests/helpers/i18n.tsx";
import { TEAM_PULSE } from "#tests/helpers/hosted-widgets.ts";
import { LiveWidgetFrame } from "./live-widget-frame.tsx";
import { FrameLoadingBox, WidgetFrame, type WidgetFrameProps } from "./widget-frame.tsx";

const PULSE = { ...TEAM_PULSE, expectedDimensions: { width: 400, height: 300 } };

const props: WidgetFrameProps = { widget: PULSE, entity: null, me: null, className: "tile-frame" };

function render(element: ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(
    <WithI18n language="en">
      <RouterProvider router={router} />
    </WithI18n>,
  );
}

/** Without the notice that only a browser without scripts shows (`.when-no-scripting`). */
const withoutNoScriptNotice = (html: string) =>
  html.replace(/<span class="when-no-scripting">[^<]*<\/span>/, "");

test("the server places a frame as a reserved box that says it loads, and needs scripts without them", () => {
  const html = render(<WidgetFrame {...props} />);
  expect(html).toContain('data-widget="team-pulse/pulse"');
  expect(html).toContain('data-state="loading"');
  expect(html).toContain('class="widget-frame tile-frame"');
  expect(html).toContain("max-width:400px;height:300px");
  expect(html).toContain("Loading Team pulse…");
  expect(html).toContain("Team pulse is an app widget and needs JavaScript.");
  // No frame yet: its document, the bridge and their code come once the page runs.
  expect(html).not.toContain("<iframe");
});

test("the live frame's first render is the placed box, without the notice for browsers without scripts", () => {
  const placed = render(<FrameLoadingBox widget={PULSE} hydrated={false} />);
  expect(render(<WidgetFrame {...props} />)).toContain(placed);
  const live = render(<LiveWidgetFrame {...props} onLook={() => {}} />);
  expect(live).not.toContain("needs JavaScript");
  expect(live).toBe(withoutNoScriptNotice(placed));
});
