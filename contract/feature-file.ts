// The bundled what's-new feature files' schema: read by the server and the mock backend, never by the
// browser, so it stays out of whats-new.ts, which the browser's first scripts include.
import { z } from "zod";
import { WhatsNewFeatureSchema, WhatsNewVersionIdSchema } from "./api.ts";

/** A bundled feature file. Strict, so a misspelt key fails the test that reads every file. */
export const FeatureFileSchema = z.strictObject({
  versions: z
    .array(
      z.strictObject({
        id: WhatsNewVersionIdSchema,
        features: z.array(WhatsNewFeatureSchema.strict()).min(1),
      }),
    )
    .min(1)
    .refine((versions) => new Set(versions.map((v) => v.id)).size === versions.length, {
      message: "Each version id appears once",
    }),
});
