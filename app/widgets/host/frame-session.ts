// The bridge between a frame and the page, which a widget's frame loads when it is created (widget-frame.tsx).
export { createWidgetRequests } from "./requests.ts";
export { WidgetSession } from "./session.ts";
