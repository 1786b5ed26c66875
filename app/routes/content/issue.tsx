import { Time } from "../../components/time.tsx";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/issue";
import { ActivityStream } from "../../components/activity-stream.tsx";
import { ISSUE_PAGE, loadEntityPage, toggleEntityTask } from "../../content/entity-page.server.ts";
import { RouteError } from "../../components/route-error.tsx";
import { MarkdownContent, TaskForm } from "../../markdown/markdown-content.tsx";
import { WidgetOptionsMenu, WidgetSlot } from "../../widgets/host/widget-slot.tsx";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const page = await loadEntityPage(context, ISSUE_PAGE, params.issueId, url);
  const { description: _source, ...shown } = page.entity;
  return {
    issue: shown,
    description: page.rendered,
    taskForm: page.taskForm,
    widgets: page.widgets,
    entity: page.widgetEntity,
    me: page.me,
    editable: page.editable,
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
  const { issue, description, taskForm, widgets, entity, me, editable } = loaderData;
  return (
    <article aria-labelledby="page-heading" className="entity">
      <p className="muted">
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
      <p className="muted">
        <Trans
          t={t}
          i18nKey="issue.reported"
          values={{ name: issue.reporter.name, date: "" }}
          components={{ time: <Time value={issue.created} display="date" /> }}
        />
        {issue.resolved ? ` · ${t("issue.resolved")}` : null}
      </p>
      {actionData?.taskError ? <p role="alert">{actionData.taskError}</p> : null}
      {taskForm ? <TaskForm id={taskForm.id} revision={taskForm.revision} /> : null}
      <WidgetSlot widgets={widgets.ISSUE_BELOW_SUMMARY} entity={entity} me={me} place="issue-below-summary" />
      <div className="entity-body">
        <div className="entity-main">
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
          <ActivityStream id="issue-activity" />
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
            <dt>{tw("places.state")}</dt>
            <dd>{issue.resolved ? t("issue.resolved") : tw("places.open")}</dd>
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
