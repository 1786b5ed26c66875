// Looking up installed apps and their widgets for the resources that act on behalf of a widget.
import type { Db } from "../db.ts";
import { notFound } from "../http.ts";

/** The installed app named `name`, or 404. */
export async function findApp(db: Db, name: string) {
  const app = await db.app.findUnique({ where: { name } });
  if (!app) throw notFound(`App ${name} not found`);
  return app;
}

/** The app's widget `key`, or 404 with the catalogue's message. */
export async function findWidget(db: Db, appId: string, key: string) {
  const widget = await db.widget.findUnique({ where: { appId_key: { appId, key } } });
  if (!widget) throw notFound(`Widget ${key} not found`);
  return widget;
}
