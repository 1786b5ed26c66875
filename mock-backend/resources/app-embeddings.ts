// An embedded widget's stored config (docs/widgets.md): a tile's belongs to its user; a Markdown
// embedding's to the text that names it (its readers read it, its editors change it).
import { Router } from "express";
import type { z } from "zod";
import { parseWidgetReference } from "#contract/widget-reference.ts";
import { requireAppCaller } from "../app-caller.ts";
import { findApp, findWidget } from "../apps/find.ts";
import { currentUser, requireUser } from "../auth.ts";
import {
  EmbeddingParamsSchema,
  EmbeddingWriteSchema,
  MAX_EMBEDDING_CONFIG_BYTES,
  ReadQuerySchema,
  TextEmbeddingParamsSchema,
  type Embedding,
} from "#contract/api.ts";
import type { Db } from "../db.ts";
import { badRequest, endpoint, forbidden, HttpError, notFound } from "../http.ts";
import { editableText, readableText, type TextKind } from "./issues.ts";

const DASHBOARD = "";
const TEXT_PREFIXES = { issue: "/issues/:entityId", article: "/articles/:entityId" } as const;
const EMBEDDINGS = "/apps/:name/embeddings";
/** `{{widget app:widget:id}}` anywhere in a text, as the renderer reads it at the start of one. */
const WIDGET_REFERENCE = /\{\{widget[ \t]([^}\n]{0,300})\}\}/g;

function toEmbedding(row: { id: string; widgetKey: string; config: string | null }): Embedding {
  return {
    id: row.id,
    widgetKey: row.widgetKey,
    config: row.config === null ? null : (JSON.parse(row.config) as Embedding["config"]),
  };
}

function textEmbeds(text: string, appName: string, widgetKey: string, id: string): boolean {
  for (const match of text.matchAll(WIDGET_REFERENCE)) {
    const reference = parseWidgetReference(match[1] ?? "");
    if (
      reference.ok &&
      reference.appKey === appName &&
      reference.widgetKey === widgetKey &&
      reference.embeddingId === id
    ) {
      return true;
    }
  }
  return false;
}

const EMBEDDING_BODY = [EmbeddingWriteSchema, "embedding"] as const;
type EmbeddingWrite = z.infer<typeof EmbeddingWriteSchema>;

function configOf(write: EmbeddingWrite) {
  const serialized = write.config === null ? null : JSON.stringify(write.config);
  if (serialized !== null && Buffer.byteLength(serialized) > MAX_EMBEDDING_CONFIG_BYTES) {
    throw new HttpError(
      413,
      "payload_too_large",
      `A widget's config is limited to ${MAX_EMBEDDING_CONFIG_BYTES} bytes of JSON`,
    );
  }
  return { widgetKey: write.widgetKey, serialized };
}

export function appEmbeddingsRouter(db: Db): Router {
  const router = Router();
  router.use(
    [EMBEDDINGS, ...Object.values(TEXT_PREFIXES).map((prefix) => `${prefix}${EMBEDDINGS}`)],
    requireAppCaller("name"),
  );

  async function stored(appId: string, entity: string, id: string) {
    const row = await db.widgetEmbedding.findUnique({ where: { entity_id: { entity, id } } });
    if (!row || row.appId !== appId) throw notFound(`Embedding ${id} not found`);
    return row;
  }

  /** Creates or replaces the config of (entity, id); `owner` may change it when it is set. */
  async function save(
    appId: string,
    entity: string,
    id: string,
    change: { widgetKey: string; serialized: string | null },
    owner: string | null,
  ) {
    return db.$transaction(async (tx) => {
      const row = await tx.widgetEmbedding.findUnique({ where: { entity_id: { entity, id } } });
      if (!row) {
        return tx.widgetEmbedding.create({
          data: { id, entity, appId, widgetKey: change.widgetKey, ownerId: owner, config: change.serialized },
        });
      }
      if (row.appId !== appId) {
        throw new HttpError(409, "conflict", `Embedding ${id} belongs to another app`);
      }
      if (row.ownerId !== owner) throw forbidden(`Embedding ${id} belongs to another user`);
      return tx.widgetEmbedding.update({
        where: { entity_id: { entity, id } },
        data: { widgetKey: change.widgetKey, config: change.serialized },
      });
    });
  }

  router.get(
    `${EMBEDDINGS}/:id`,
    endpoint(
      { auth: requireUser, query: ReadQuerySchema, params: [EmbeddingParamsSchema, "embedding"] },
      async ({ res, params: { name, id } }) => {
        const app = await findApp(db, name);
        res.json(toEmbedding(await stored(app.id, DASHBOARD, id)));
      },
    ),
  );

  router.put(
    `${EMBEDDINGS}/:id`,
    endpoint(
      {
        auth: requireUser,
        query: ReadQuerySchema,
        params: [EmbeddingParamsSchema, "embedding"],
        body: EMBEDDING_BODY,
      },
      async ({ res, user, params: { name, id }, body }) => {
        const change = configOf(body);
        const app = await findApp(db, name);
        const widget = await findWidget(db, app.id, change.widgetKey);
        if (widget.extensionPoint === "MARKDOWN") {
          throw badRequest(
            `Widget ${change.widgetKey} is embedded in a text: its config is kept with the issue or article (api/issues/{id}${EMBEDDINGS.replace(":name", name)}/${id})`,
          );
        }
        if (widget.extensionPoint !== "DASHBOARD_WIDGET") {
          throw badRequest(
            `Widget ${change.widgetKey} is not embeddable: only dashboard and Markdown widgets keep a config`,
          );
        }
        res.json(toEmbedding(await save(app.id, DASHBOARD, id, change, user.id)));
      },
    ),
  );

  // Markdown embeddings, with the issue or article whose text names them.
  for (const [kind, prefix] of Object.entries(TEXT_PREFIXES) as [TextKind, string][]) {
    router.get(
      `${prefix}${EMBEDDINGS}/:id`,
      endpoint(
        { auth: currentUser, query: ReadQuerySchema, params: [TextEmbeddingParamsSchema, "embedding"] },
        async ({ res, user, params: { entityId, name, id } }) => {
          const app = await findApp(db, name);
          const text = await readableText(db, kind, user.id, entityId);
          res.json(toEmbedding(await stored(app.id, `${kind}:${text.id}`, id)));
        },
      ),
    );

    router.put(
      `${prefix}${EMBEDDINGS}/:id`,
      endpoint(
        {
          auth: requireUser,
          query: ReadQuerySchema,
          params: [TextEmbeddingParamsSchema, "embedding"],
          body: EMBEDDING_BODY,
        },
        async ({ res, user, params: { entityId, name, id }, body }) => {
          const change = configOf(body);
          const app = await findApp(db, name);
          const widget = await findWidget(db, app.id, change.widgetKey);
          if (widget.extensionPoint !== "MARKDOWN") {
            throw badRequest(`Widget ${change.widgetKey} is not a Markdown widget`);
          }
          const text = await editableText(db, kind, user.id, entityId);
          if (!textEmbeds(text.text, name, change.widgetKey, id)) {
            throw notFound(
              `The ${kind} ${entityId} does not embed {{widget ${name}:${change.widgetKey}:${id}}}`,
            );
          }
          res.json(toEmbedding(await save(app.id, `${kind}:${text.id}`, id, change, null)));
        },
      ),
    );
  }

  return router;
}
