// An embedded widget's stored config (readConfig/storeConfig of dashboard and Markdown widgets;
// docs/widgets.md). One id names a dashboard tile and its embedding; a new embedding belongs to the user
// who stored it, and only they may change it.
import { Router } from "express";
import { EXTENSION_POINT_KINDS, isExtensionPoint } from "../../app/widgets/extension-points.ts";
import { findApp, findWidget } from "../apps/find.ts";
import { requireUser } from "../auth.ts";
import {
  EmbeddingParamsSchema,
  EmbeddingWriteSchema,
  MAX_EMBEDDING_CONFIG_BYTES,
  ReadQuerySchema,
  type Embedding,
} from "../contract.ts";
import type { Db } from "../db.ts";
import { badRequest, forbidden, HttpError, notFound, route, validate } from "../http.ts";

function toEmbedding(row: { id: string; widgetKey: string; config: string | null }): Embedding {
  return {
    id: row.id,
    widgetKey: row.widgetKey,
    config: row.config === null ? null : (JSON.parse(row.config) as Embedding["config"]),
  };
}

export function appEmbeddingsRouter(db: Db): Router {
  const router = Router();

  router.get(
    "/apps/:name/embeddings/:id",
    route(async (req, res) => {
      requireUser(req);
      validate(ReadQuerySchema, req.query, "query");
      const { name, id } = validate(EmbeddingParamsSchema, req.params, "embedding");
      const app = await findApp(db, name);
      const row = await db.widgetEmbedding.findUnique({ where: { id } });
      if (!row || row.appId !== app.id) throw notFound(`Embedding ${id} not found`);
      res.json(toEmbedding(row));
    }),
  );

  router.put(
    "/apps/:name/embeddings/:id",
    route(async (req, res) => {
      const user = requireUser(req);
      validate(ReadQuerySchema, req.query, "query");
      const { name, id } = validate(EmbeddingParamsSchema, req.params, "embedding");
      const { widgetKey, config } = validate(EmbeddingWriteSchema, req.body, "embedding");
      const serialized = config === null ? null : JSON.stringify(config);
      if (serialized !== null && Buffer.byteLength(serialized) > MAX_EMBEDDING_CONFIG_BYTES) {
        throw new HttpError(
          413,
          "payload_too_large",
          `A widget's config is limited to ${MAX_EMBEDDING_CONFIG_BYTES} bytes of JSON`,
        );
      }
      const app = await findApp(db, name);
      const widget = await findWidget(db, app.id, widgetKey);
      if (
        !isExtensionPoint(widget.extensionPoint) ||
        !EXTENSION_POINT_KINDS[widget.extensionPoint].embeddable
      ) {
        throw badRequest(
          `Widget ${widgetKey} is not embeddable: only dashboard and Markdown widgets keep a config`,
        );
      }
      const saved = await db.$transaction(async (tx) => {
        const row = await tx.widgetEmbedding.findUnique({ where: { id } });
        if (!row) {
          return tx.widgetEmbedding.create({
            data: { id, appId: app.id, widgetKey, ownerId: user.id, config: serialized },
          });
        }
        if (row.appId !== app.id) {
          throw new HttpError(409, "conflict", `Embedding ${id} belongs to another app`);
        }
        if (row.ownerId !== null && row.ownerId !== user.id) {
          throw forbidden(`Embedding ${id} belongs to another user`);
        }
        return tx.widgetEmbedding.update({ where: { id }, data: { widgetKey, config: serialized } });
      });
      res.json(toEmbedding(saved));
    }),
  );

  return router;
}
