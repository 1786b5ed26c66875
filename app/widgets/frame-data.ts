// What a widget's frame is told about itself (the `ytapp` parameter of its URL, docs/widgets.md): checked by
// the server when it serves the frame's document (server/widgets.ts). The browser only writes it, and
// imports its types alone.
import { z } from "zod";
import { EXTENSION_POINTS } from "#contract/extension-points.ts";

const Text = z.string().max(1000);

export const WidgetEntitySchema = z.strictObject({
  type: z.enum(["issue", "ticket", "article", "project", "user", "app"]),
  id: Text,
  idReadable: Text.optional(),
  summary: Text.optional(),
  login: Text.optional(),
  key: Text.optional(),
  draft: z.boolean().optional(),
  isEditing: z.boolean().optional(),
  project: z.strictObject({ id: Text, shortName: Text.optional(), name: Text.optional() }).optional(),
  fields: z
    .array(
      z.strictObject({
        id: Text,
        name: Text,
        type: Text,
        value: z.union([Text, z.number(), z.boolean(), z.null()]),
      }),
    )
    .max(100)
    .optional(),
});
export type WidgetEntity = z.infer<typeof WidgetEntitySchema>;

export const WidgetUserSchema = z.strictObject({
  id: Text,
  login: Text,
  name: Text,
  avatarUrl: Text.nullable(),
  userType: Text.optional(),
  timeZone: Text.optional(),
});
export type WidgetUser = z.infer<typeof WidgetUserSchema>;

export const FrameDataSchema = z.strictObject({
  locale: z.string().regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/),
  theme: z.enum(["light", "dark"]),
  entity: WidgetEntitySchema.nullable(),
  me: WidgetUserSchema.nullable(),
  widget: z.strictObject({
    id: Text,
    appId: Text,
    appName: Text,
    key: Text,
    extensionPoint: z.enum(EXTENSION_POINTS),
  }),
  editable: z.boolean(),
});
export type FrameData = z.infer<typeof FrameDataSchema>;
