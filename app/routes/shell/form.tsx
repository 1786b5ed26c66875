import { redirect } from "react-router";
import type { Route } from "./+types/form";
import { getApi } from "../../middleware/api.server.ts";

/** Forms need an account: guests go to the form-without-authorization page with the form id. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await getApi(context).getCurrentUser();
  if (user.guest) throw redirect(`/form-without-authorization?id=${encodeURIComponent(params.formId)}`);
  return { formId: params.formId };
}

export const meta: Route.MetaFunction = () => [{ title: "Form · Keel" }];

export default function Form({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Form {loaderData.formId}</h1>
      <div className="empty-state">
        <p className="empty-state-title">This form has no fields yet.</p>
      </div>
    </section>
  );
}
