// The signed-in user's dashboard (docs/widgets.md). A tile's id is also its embedding's id, so adding or
// removing a tile adds or removes its widget's config.
import { Router } from "express";
import { requireUser } from "../auth.ts";
import { DashboardSchema, DashboardWriteSchema, ReadQuerySchema, type Dashboard } from "#contract/api.ts";
import type { Db } from "../db.ts";
import { badRequest, endpoint } from "../http.ts";

const DASHBOARD_WIDGET = "DASHBOARD_WIDGET";

export function dashboardRouter(db: Db): Router {
  const router = Router();

  /** The dashboard widgets of the named apps, as "app/key" → the app's id. */
  async function dashboardWidgets(appNames: string[]): Promise<Map<string, string>> {
    const apps = await db.app.findMany({
      where: { name: { in: [...new Set(appNames)] } },
      select: { id: true, name: true, widgets: { select: { key: true, extensionPoint: true } } },
    });
    const widgets = new Map<string, string>();
    for (const app of apps) {
      for (const widget of app.widgets) {
        if (widget.extensionPoint === DASHBOARD_WIDGET) widgets.set(`${app.name}/${widget.key}`, app.id);
      }
    }
    return widgets;
  }

  /** The stored tiles whose widgets are still installed (an app may have been removed since). */
  async function storedDashboard(userId: string): Promise<Dashboard> {
    const row = await db.dashboard.findUnique({ where: { userId } });
    if (!row) return { tiles: [] };
    const parsed = DashboardSchema.safeParse(JSON.parse(row.layout));
    if (!parsed.success) return { tiles: [] };
    const widgets = await dashboardWidgets(parsed.data.tiles.map((tile) => tile.appName));
    return { tiles: parsed.data.tiles.filter((tile) => widgets.has(`${tile.appName}/${tile.widgetKey}`)) };
  }

  router.get(
    "/users/me/dashboard",
    endpoint({ auth: requireUser, query: ReadQuerySchema }, async ({ res, user }) => {
      res.json(await storedDashboard(user.id));
    }),
  );

  router.put(
    "/users/me/dashboard",
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, body: [DashboardWriteSchema, "dashboard"] },
      async ({ res, user, body: dashboard }) => {
        const widgets = await dashboardWidgets(dashboard.tiles.map((tile) => tile.appName));
        const issues: { path: string; message: string }[] = [];
        const embeddings = await db.widgetEmbedding.findMany({
          where: { entity: "", id: { in: dashboard.tiles.map((tile) => tile.id) } },
        });
        dashboard.tiles.forEach((tile, index) => {
          const appId = widgets.get(`${tile.appName}/${tile.widgetKey}`);
          if (appId === undefined) {
            issues.push({
              path: `tiles.${index}.widgetKey`,
              message: `Widget ${tile.widgetKey} not found among the dashboard widgets of app ${tile.appName}`,
            });
            return;
          }
          const embedding = embeddings.find((row) => row.id === tile.id);
          if (
            embedding &&
            (embedding.ownerId !== user.id ||
              embedding.appId !== appId ||
              embedding.widgetKey !== tile.widgetKey)
          ) {
            issues.push({
              path: `tiles.${index}.id`,
              message: `The id ${tile.id} belongs to another widget`,
            });
          }
        });
        if (issues.length > 0) {
          throw badRequest(
            `Invalid dashboard: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
            issues,
          );
        }

        const previous = await db.dashboard.findUnique({ where: { userId: user.id } });
        const previousIds = previous
          ? (DashboardSchema.safeParse(JSON.parse(previous.layout)).data?.tiles.map((tile) => tile.id) ?? [])
          : [];
        const kept = new Set(dashboard.tiles.map((tile) => tile.id));
        const removed = previousIds.filter((id) => !kept.has(id));
        // So the widget's first readConfig finds it (config null) rather than a 404.
        const added = dashboard.tiles.filter((tile) => !embeddings.some((row) => row.id === tile.id));
        const layout = JSON.stringify(dashboard);
        await db.$transaction([
          db.dashboard.upsert({
            where: { userId: user.id },
            create: { userId: user.id, layout },
            update: { layout },
          }),
          db.widgetEmbedding.deleteMany({ where: { entity: "", id: { in: removed }, ownerId: user.id } }),
          ...added.map((tile) =>
            db.widgetEmbedding.create({
              data: {
                id: tile.id,
                entity: "",
                appId: widgets.get(`${tile.appName}/${tile.widgetKey}`) ?? "",
                widgetKey: tile.widgetKey,
                ownerId: user.id,
                config: null,
              },
            }),
          ),
        ]);
        res.json(dashboard);
      },
    ),
  );

  return router;
}
