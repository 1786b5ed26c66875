// Which package files a widget frame may load, and where (docs/widgets.md): frames see the package's own
// folders, so a build tool's relative URLs resolve as in the product.

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

export const widgetDocumentPath = (indexFile: string) => `${WIDGETS_FOLDER}/${indexFile}`;
