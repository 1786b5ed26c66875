// The build's modules made by Keel's own Vite plugins.

/** Each language's translations file of the client build, by language (app/i18n/translation-files-build.ts). */
declare module "virtual:keel/translation-files" {
  const hrefs: Readonly<Record<string, string>>;
  export default hrefs;
}
