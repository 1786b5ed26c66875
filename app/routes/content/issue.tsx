import { Time } from "../../components/time.tsx";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Sentence, slot } from "../../components/sentence.tsx";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/issue";
import type { TFunction } from "i18next";
import { ApiError, type Api } from "../../lib/api.server.ts";
import { PERMISSION } from "#contract/constants.ts";
import { hasPermissionIn } from "#contract/permissions.ts";
import { getApi } from "../../middleware/api.server.ts";
import { getI18n, getLanguage } from "../../middleware/i18next.server.ts";
import { ActivityStream, type ShownComment } from "../../components/activity-stream.tsx";
import { FieldValue } from "../../components/issue-field.tsx";
import { readerDates, shownField } from "../../lib/issue-fields.server.ts";
import { RouteError } from "../../components/route-error.tsx";
import { MarkdownContent, TaskForm } from "../../markdown/markdown-content.tsx";
import { taskFormId } from "../../markdown/render.ts";
import { renderForPage, renderManyForPage } from "../../markdown/render.server.ts";
import { toggleTaskFromForm } from "../../markdown/task-action.server.ts";
import { loadPlacedWidgets, widgetUser } from "../../widgets/placement.server.ts";
import type { WidgetEntity } from "../../widgets/protocol.ts";
import { WidgetOptionsMenu, WidgetSlot } from "../../widgets/host/widget-slot.tsx";

const ISSUE_PLACES = [
  "ISSUE_FIELD_PANEL_FIRST",
  "ISSUE_FIELD_PANEL_LAST",
  "ISSUE_BELOW_SUMMARY",
  "ISSUE_ABOVE_ACTIVITY_STREAM",
  "ISSUE_OPTIONS_MENU_ITEM",
  "MARKDOWN",
] as const;

async function loadIssue(api: Api, id: string, t: TFunction<"pages">) {
  try {
    return await api.getIssue(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data({ message: t("issue.notFound", { id }) }, { status: 404 });
    }
    throw error;
  }
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "pages");
  const [issue, user, permissions, comments] = await Promise.all([
    loadIssue(api, params.issueId, t),
    api.getCurrentUser(),
    api.getPermissions(),
    // Comments the backend refuses leave the activity empty; the issue itself still shows.
    api.getIssueComments(params.issueId).catch((error: unknown) => {
      if (error instanceof ApiError) return [];
      throw error;
    }),
  ]);
  const markdownT = getI18n(context).getFixedT(null, "markdown");
  // The mock backend lets whoever may create issues in a project edit their text there.
  const editable = !user.guest && hasPermissionIn(permissions, PERMISSION.CREATE_ISSUE, issue.project.id);
  const formId = editable ? taskFormId(issue.idReadable) : null;
  const [description, renderedComments] = await Promise.all([
    renderForPage(api, issue.description, { basePath: url.pathname, taskFormId: formId, t: markdownT }),
    renderManyForPage(
      api,
      comments.map((comment) => comment.added[0]?.text ?? ""),
      { basePath: url.pathname, t: markdownT },
    ),
  ]);
  const shownComments = comments.map((comment, index): ShownComment => ({
    id: comment.id,
    author: comment.author?.fullName ?? null,
    timestamp: comment.timestamp,
    rendered: renderedComments[index]!,
  }));
  const { description: _source, customFields, ...shown } = issue;
  const dates = readerDates(user.profiles.general, getLanguage(context));
  const entity: WidgetEntity = {
    type: "issue",
    id: issue.id,
    idReadable: issue.idReadable,
    summary: issue.summary,
    project: { id: issue.project.id, name: issue.project.name },
    fields: [
      { id: "state", name: "State", type: "state", value: issue.resolved ? "Fixed" : "Open" },
      { id: "reporter", name: "Reporter", type: "user", value: issue.reporter.name },
    ],
  };
  const widgets = await loadPlacedWidgets(api, ISSUE_PLACES, { entity, projectId: issue.project.id });
  return {
    issue: shown,
    description,
    taskForm: formId ? { id: formId, revision: issue.updated } : null,
    widgets,
    entity,
    me: widgetUser(user),
    editable,
    comments: shownComments,
    fields: customFields.map((field) => shownField(field, dates)),
  };
}

/** Toggles a task of the description (the task checkboxes submit here) and reloads the page. */
export async function action({ context, params, request, url }: Route.ActionArgs) {
  const api = getApi(context);
  const issue = await loadIssue(api, params.issueId, getI18n(context).getFixedT(null, "pages"));
  const result = await toggleTaskFromForm(
    await request.formData(),
    { text: issue.description, updated: issue.updated },
    (description) => api.updateIssue(issue.id, { description }),
    getI18n(context).getFixedT(null, "markdown"),
  );
  if (!result.ok) return data({ taskError: result.message }, { status: result.status });
  throw redirect(url.pathname);
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
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
