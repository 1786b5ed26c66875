import { Time } from "#app/components/time.tsx";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Sentence, slot } from "#app/components/sentence.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/issue";
import { ApiError, type Api } from "#app/lib/api.server.ts";
import { getApi } from "#app/middleware/api.server.ts";
import { getLanguage } from "#app/middleware/i18next.server.ts";
import { ActivityStream, type ShownComment } from "#app/components/activity-stream.tsx";
import { FieldValue } from "#app/components/issue-field.tsx";
import { ISSUE_PAGE, loadEntityPage, toggleEntityTask } from "#app/content/entity-page.server.ts";
import { readerDates, shownField } from "#app/lib/issue-fields.server.ts";
import { RouteError } from "#app/components/route-error.tsx";
import { MarkdownContent, TaskForm } from "#app/markdown/markdown-content.tsx";
import { WidgetOptionsMenu, WidgetSlot } from "#app/widgets/host/widget-slot.tsx";

/** The issue's comments; those the backend refuses leave the activity empty, and the issue still shows. */
async function readComments(api: Api, issueId: string) {
  return api.getIssueComments(issueId).catch((error: unknown) => {
    if (error instanceof ApiError) return [];
    throw error;
  });
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const read = readComments(api, params.issueId);
  // The comments render with the description: one backend call for the mentions of both.
  const page = await loadEntityPage(
    context,
    ISSUE_PAGE,
    params.issueId,
    url,
    read.then((list) => list.map((comment) => comment.added[0]?.text ?? "")),
  );
  const comments: ShownComment[] = (await read).map((comment, index) => ({
    id: comment.id,
    author: comment.author?.fullName ?? null,
    timestamp: comment.timestamp,
    rendered: page.alongside[index]!,
  }));
  const { description: _source, customFields, ...shown } = page.entity;
  const dates = readerDates(page.user.profiles.general, getLanguage(context));
  return {
    issue: shown,
    description: page.rendered,
    taskForm: page.taskForm,
    widgets: page.widgets,
    entity: page.widgetEntity,
    me: page.me,
    editable: page.editable,
    comments,
    fields: customFields.map((field) => shownField(field, dates)),
  };
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
  return toggleEntityTask(context, ISSUE_PAGE, params.issueId, request, url);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `${loaderData.issue.idReadable} ${loaderData.issue.summary} · Keel` : "Keel",
  },
];

export default function Issue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { t: tw } = useTranslation("widgets");
  const { issue, description, taskForm, widgets, entity, me, editable, comments, fields } = loaderData;
  return (
    <article aria-labelledby="page-heading" className="entity">
      <p className="muted breadcrumb">
        <Link to="/issues">{t("titles.issues")}</Link> / {issue.project.name}
      </p>
      <div className="entity-heading">
        <h1 id="page-heading">
          <span className="entity-id">{issue.idReadable}</span> <bdi>{issue.summary}</bdi>
        </h1>
        <WidgetOptionsMenu
          widgets={widgets.ISSUE_OPTIONS_MENU_ITEM}
          entity={entity}
          me={me}
          place="issue-options-menu-item"
        />
      </div>
      <p className="muted entity-meta">
        <Sentence
          text={t("issue.reported", { name: slot("name"), date: "" })}
          slots={{
            name: <bdi>{issue.reporter.name}</bdi>,
            time: <Time value={issue.created} display="date" />,
          }}
        />
        {issue.resolved ? ` · ${t("issue.resolved")}` : null}
      </p>
      {actionData?.taskError ? <p role="alert">{actionData.taskError}</p> : null}
      {taskForm ? <TaskForm id={taskForm.id} revision={taskForm.revision} /> : null}
      <div className="entity-body">
        {/* The fields come first in the page: on a narrow screen they show first, and a slowly arriving page
            never inserts them above a description already on screen. */}
        <aside className="entity-fields" aria-label={tw("places.fieldPanel")}>
          <WidgetSlot
            widgets={widgets.ISSUE_FIELD_PANEL_FIRST}
            entity={entity}
            me={me}
            place="issue-field-panel-first"
          />
          <dl className="field-list">
            <dt>{tw("places.project")}</dt>
            <dd>{issue.project.name}</dd>
            {fields.length === 0 ? (
              <>
                <dt>{tw("places.state")}</dt>
                <dd>{issue.resolved ? t("issue.resolved") : tw("places.open")}</dd>
              </>
            ) : (
              fields.map((field) => (
                <Fragment key={field.name}>
                  <dt>{field.name}</dt>
                  <dd>
                    <FieldValue value={field.value} />
                  </dd>
                </Fragment>
              ))
            )}
          </dl>
          <WidgetSlot
            widgets={widgets.ISSUE_FIELD_PANEL_LAST}
            entity={entity}
            me={me}
            place="issue-field-panel-last"
          />
        </aside>
        <div className="entity-main">
          <WidgetSlot
            widgets={widgets.ISSUE_BELOW_SUMMARY}
            entity={entity}
            me={me}
            place="issue-below-summary"
          />
          <MarkdownContent
            rendered={description}
            data-testid="issue-description"
            widgets={{
              available: widgets.MARKDOWN ?? [],
              me,
              editable,
              embeddedIn: { type: "issue", id: issue.id },
            }}
          />
          <WidgetSlot
            widgets={widgets.ISSUE_ABOVE_ACTIVITY_STREAM}
            entity={entity}
            me={me}
            place="issue-above-activity-stream"
          />
          <ActivityStream id="issue-activity" comments={comments} />
        </div>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
