// The dashboard's form posts: one change per post, checked with zod, applied to the saved
// dashboard and saved whole (PUT api/users/me/dashboard).
import type { TFunction } from "i18next";
import { z } from "zod";
import { EmbeddingIdSchema, type Dashboard } from "#contract/api.ts";
import { ApiError, type Api } from "../lib/api.server.ts";
import {
  applyChange,
  DASHBOARD_TILE_HEIGHT,
  DASHBOARD_TILE_WIDTH,
  MAX_DASHBOARD_TILES,
  type DashboardChange,
} from "./dashboard-layout.ts";
import { findPlacedWidget } from "./placement.server.ts";

const Name = z.string().min(1).max(100);
const Integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const DashboardFormSchema = z.discriminatedUnion("intent", [
  // Scripts choose the new tile's id, so the tile they show at once is the one saved; a plain post leaves
  // it to the server.
  z.object({ intent: z.literal("add"), appName: Name, widgetKey: Name, id: EmbeddingIdSchema.optional() }),
  z.object({ intent: z.literal("remove"), id: EmbeddingIdSchema }),
  z.object({
    intent: z.literal("move"),
    id: EmbeddingIdSchema,
    position: Integer(0, MAX_DASHBOARD_TILES - 1),
  }),
  z.object({
    intent: z.literal("resize"),
    id: EmbeddingIdSchema,
    width: Integer(DASHBOARD_TILE_WIDTH.min, DASHBOARD_TILE_WIDTH.max),
    height: Integer(DASHBOARD_TILE_HEIGHT.min, DASHBOARD_TILE_HEIGHT.max),
  }),
  z.object({
    intent: z.literal("collapse"),
    id: EmbeddingIdSchema,
    collapsed: z.enum(["true", "false"]).transform((value) => value === "true"),
  }),
]);

export type DashboardOutcome =
  { ok: true; tileId: string | null; dashboard: Dashboard } | { ok: false; error: string };

/** The form's fields; an empty `id` of an add is no id. */
function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name === "id" && value === "")) fields[name] = value;
  }
  return fields;
}

/** Applies the change a form posts to the signed-in user's dashboard and saves it. */
export async function changeDashboard(
  api: Api,
  form: FormData,
  t: TFunction<"widgets">,
): Promise<DashboardOutcome> {
  const parsed = DashboardFormSchema.safeParse(formFields(form));
  if (!parsed.success) return { ok: false, error: t("dashboard.errors.invalid") };
  const input = parsed.data;
  const { tiles } = await api.getDashboard();
  let change: DashboardChange;
  if (input.intent === "add") {
    const id = input.id ?? crypto.randomUUID();
    // The same add twice (a script's retry) adds one tile.
    if (tiles.some((tile) => tile.id === id)) return { ok: true, tileId: id, dashboard: { tiles } };
    if (!(await findPlacedWidget(api, "DASHBOARD_WIDGET", input.appName, input.widgetKey))) {
      return { ok: false, error: t("dashboard.errors.widgetNotFound", { key: input.widgetKey }) };
    }
    if (tiles.length >= MAX_DASHBOARD_TILES) {
      return { ok: false, error: t("dashboard.errors.full", { limit: MAX_DASHBOARD_TILES }) };
    }
    change = { intent: "add", id, appName: input.appName, widgetKey: input.widgetKey };
  } else {
    if (!tiles.some((tile) => tile.id === input.id)) {
      // Removing what is already gone is done.
      if (input.intent === "remove") return { ok: true, tileId: null, dashboard: { tiles } };
      return { ok: false, error: t("dashboard.errors.tileGone") };
    }
    change = input;
  }
  try {
    const dashboard = await api.saveDashboard({ tiles: applyChange(tiles, change) });
    return { ok: true, tileId: change.intent === "remove" ? null : change.id, dashboard };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      return {
        ok: false,
        error: t("dashboard.errors.refused", { message: error.body?.error_description ?? error.message }),
      };
    }
    throw error;
  }
}
