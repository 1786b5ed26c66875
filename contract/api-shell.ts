// The part of the contract that the browser validates with (the configuration cache, the inbox's folders and
// stream), written with zod/mini so the browser carries less zod (docs/benchmarks.md, Measured choices). It
// loads after the page has started, where it is used: the first scripts carry no zod. api.ts re-exports it:
// there is one contract.
import * as z from "zod/mini";
import { EpochMs } from "./api-inbox.ts";
import { WHATS_NEW_VERSION_ID, WHATS_NEW_VERSION_ID_MESSAGE } from "./constants.ts";

const Id = z.string().check(z.minLength(1), z.maxLength(200));
const NullableUrl = z.nullable(z.string().check(z.maxLength(2000)));

export const SystemEventBannerSchema = z.object({
  id: Id,
  text: z.string().check(z.maxLength(10_000)),
});

export const BannersSchema = z.object({
  globalBanner: z.nullable(z.string().check(z.maxLength(10_000))),
  globalBannerEnabled: z.boolean(),
  systemEventsBanners: z.array(SystemEventBannerSchema),
});
export type Banners = z.infer<typeof BannersSchema>;

const configurationShape = {
  version: z.string(),
  build: z.string(),
  releaseDate: EpochMs,
  defaultPage: z.nullable(z.string()),
  contextPath: z.string(),
  hosted: z.object({
    hosted: z.boolean(),
    domain: z.nullable(z.string()),
    availabilityZone: z.nullable(z.string()),
  }),
  ring: z.object({
    url: z.string(),
    serviceId: z.string(),
    searchBotToken: z.nullable(z.string()),
    hasEmbeddedHub: z.boolean(),
    broken: z.boolean(),
    enabled: z.boolean(),
    services: z.object({
      dashboard: z.nullable(z.object({ homeUrl: z.string() })),
    }),
  }),
  l10n: z.object({
    isRTL: z.boolean(),
    locale: z.string(),
    language: z.string(),
    predefinedQueries: z.record(z.string(), z.string()),
  }),
  system: z.object({
    ssePingTimeoutMs: z.int().check(z.positive()),
    maxUploadFileSize: z.int().check(z.positive()),
    maxExportItems: z.int().check(z.positive()),
  }),
  statisticsEnabled: z.boolean(),
  readOnly: z.boolean(),
  licenseError: z.nullable(z.string()),
  logoUrl: NullableUrl,
  wideLogoUrl: NullableUrl,
  squareLogoUrl: NullableUrl,
  featuresUrl: NullableUrl,
  marketplaceBaseUrl: NullableUrl,
  helpdeskEnabled: z.boolean(),
  redirectToWelcomeForm: z.boolean(),
  shortcuts: z.nullable(z.object({ id: z.string() })),
  konnector: z.object({
    telegramBotUrl: NullableUrl,
    url: NullableUrl,
  }),
};

export const ConfigurationSchema = z.object({ ...configurationShape, banners: BannersSchema });
export type Configuration = z.infer<typeof ConfigurationSchema>;
/** The configuration the shell loads on every page; banners come separately. */
export const ShellConfigSchema = z.object(configurationShape);
export type ShellConfig = z.infer<typeof ShellConfigSchema>;

export const WhatsNewVersionIdSchema = z
  .string()
  .check(z.regex(WHATS_NEW_VERSION_ID, WHATS_NEW_VERSION_ID_MESSAGE));
