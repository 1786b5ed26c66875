import { isRouteErrorResponse, Link } from "react-router";
import { CHUNK_FAILED_HINT, CHUNK_FAILED_TITLE, isChunkLoadError } from "../lib/app-errors.ts";

/** What a person sees when a page fails: a heading, the reason, a way on. */
export function RouteError({ error }: { error: unknown }) {
  let heading = "Something went wrong";
  let detail = "An unexpected error occurred. Reload the page to try again.";
  if (isRouteErrorResponse(error)) {
    const body = error.data as { message?: unknown; title?: unknown } | null;
    heading =
      typeof body?.title === "string"
        ? body.title
        : error.status === 404
          ? "Page not found"
          : `${error.status} ${error.statusText}`.trim();
    const message = body?.message;
    if (typeof message === "string") detail = message;
    else if (error.status === 404) detail = "There is nothing at this address.";
  } else if (isChunkLoadError(error)) {
    // A script or style chunk of a newer deployment is gone or unreachable: a reload fetches the current ones.
    heading = CHUNK_FAILED_TITLE;
    detail = CHUNK_FAILED_HINT;
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <h1 id="error-heading">{heading}</h1>
      <p role="alert">{detail}</p>
      <p>
        <Link to="/">Go to the start page</Link>
      </p>
    </section>
  );
}
