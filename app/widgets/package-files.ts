// Which files of an app package a widget frame may load, and at which URL (docs/widgets.md, "Widget
// documents"). Frames get the package's own folder structure, so the relative URLs a build tool writes
// (`../../widgets/assets/x.js` from `widgets/<key>/index.html`) resolve as they do in the product.

/** indexPath, iconPath and settingsSchemaPath are relative to this folder of the package. */
export const WIDGETS_FOLDER = "widgets";

/** Static assets a widget may reference outside `widgets/` (the app's icons, shared styles and fonts). */
const PUBLIC_ASSET =
  /\.(?:css|svg|png|jpe?g|gif|webp|avif|ico|bmp|woff2?|ttf|otf|eot|mp3|mp4|webm|ogg|wav)$/i;

/**
 * Whether a package file is public: everything under `widgets/`, and outside it only static assets. The
 * rest (HTTP handlers and their modules, manifest, settings, entity extensions) stays with the backend.
 */
export function isPublicPackageFile(path: string): boolean {
  return path.startsWith(`${WIDGETS_FOLDER}/`) || PUBLIC_ASSET.test(path);
}

/** Where Keel serves a package file to frames: `/widgets/{app}/{path in the package}`. */
export function widgetFileUrl(basePath: string, appName: string, packagePath: string): string {
  return `${basePath}/widgets/${encodeURIComponent(appName)}/${packagePath
    .split("/")
    .map(encodeURIComponent)
    .join("/")}`;
}

/** The package path of a widget's document: its `indexPath` (without a query) under `widgets/`. */
export const widgetDocumentPath = (indexFile: string) => `${WIDGETS_FOLDER}/${indexFile}`;
