import { data } from "react-router";
import type { Route } from "./+types/new";
import { RouteError } from "#app/components/route-error.tsx";
import { getApi } from "#app/middleware/api.server.ts";
import { getI18n } from "#app/middleware/i18next.server.ts";
import { DoneStep } from "#app/projects/done-step.tsx";
import { InviteStep } from "#app/projects/invite-step.tsx";
import { TemplateStep } from "#app/projects/template-step.tsx";
import { TimeTrackingStep } from "#app/projects/time-tracking-step.tsx";
import { StepList } from "#app/projects/wizard-parts.tsx";
import {
  loadProject,
  requireProjectCreate,
  submitInviteStep,
  submitTemplateStep,
  submitTimeTrackingStep,
  wizardLocation,
} from "#app/projects/wizard.server.ts";
import { countInviteFailures, readWizardLocation } from "#app/projects/wizard.ts";
import { ProjectTemplateSchema, type InviteFailureKind } from "#contract/api.ts";
import { track } from "#app/analytics/client.ts";
import { bucketCount } from "#app/analytics/privacy.ts";
import wizardStylesHref from "#app/projects/wizard.css?url";

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "pages");
  await requireProjectCreate(api, t);
  const location = wizardLocation(url);
  const title = t("newProject.title");
  if (location.step === "template") return { step: location.step, project: null, title };
  return { step: location.step, project: await loadProject(api, location.project, t), title };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "pages");
  await requireProjectCreate(api, t);
  const location = wizardLocation(url);
  const form = await request.formData();
  if (location.step === "template") return submitTemplateStep(api, form, t);
  if (location.step === "invite") return submitInviteStep(api, location.project, form, t);
  if (location.step === "time-tracking") return submitTimeTrackingStep(api, location.project, form, t);
  throw data({ message: t("newProject.errors.nothingToSubmit") }, { status: 405 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Keel` : "Keel" },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: wizardStylesHref }];

/** The wizard's usage analytics (docs/analytics.md): a redirect is success, data is the form again. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  const location = readWizardLocation(new URL(request.url).searchParams);
  const step = "step" in location ? location.step : null;
  let result: Awaited<ReturnType<typeof serverAction>>;
  try {
    result = await serverAction();
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      if (step === "template") {
        const template = ProjectTemplateSchema.safeParse(form.get("template"));
        if (template.success) {
          track("new-project", "created", {
            template: template.data,
            customId: String(form.get("shortName") ?? "").trim() !== "",
            customStartingNumber: false,
            organisation: false,
            description: false,
            icon: false,
          });
        }
      } else if (form.get("intent") === "skip" && (step === "invite" || step === "time-tracking")) {
        track("new-project", "step-skipped", { step });
      }
    }
    throw thrown;
  }
  if (result && typeof result === "object" && "report" in result && result.report) {
    for (const [kind, count] of Object.entries(countInviteFailures(result.report.failed))) {
      if (count > 0)
        track("invitations", "failed", { kind: kind as InviteFailureKind, count: bucketCount(count) });
    }
  }
  return result;
}

export default function NewProject({ loaderData, actionData }: Route.ComponentProps) {
  const { step, project, title } = loaderData;
  return (
    <section className="wizard" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <StepList current={step} />
      {project === null ? (
        <TemplateStep result={actionData?.step === "template" ? actionData : undefined} />
      ) : step === "invite" ? (
        <InviteStep project={project} result={actionData?.step === "invite" ? actionData : undefined} />
      ) : step === "time-tracking" ? (
        <TimeTrackingStep
          project={project}
          fieldErrors={actionData?.step === "time-tracking" ? actionData.fieldErrors : {}}
        />
      ) : (
        <DoneStep project={project} />
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
