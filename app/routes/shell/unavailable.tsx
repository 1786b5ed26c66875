import type { Route } from "./+types/unavailable";

export const meta: Route.MetaFunction = () => [{ title: "Not available · Keel" }];

/** Where a georestriction answer (451) sends people. */
export default function Unavailable() {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Keel is not available here</h1>
      <p>This service cannot be used from your current location.</p>
    </section>
  );
}
