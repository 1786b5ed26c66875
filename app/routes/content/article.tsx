import { Time } from "#app/components/time.tsx";
import { useTranslation } from "react-i18next";
import { Sentence } from "#app/components/sentence.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/article";
import { ActivityStream } from "#app/components/activity-stream.tsx";
import { ARTICLE_PAGE, loadEntityPage, toggleEntityTask } from "#app/content/entity-page.server.ts";
import { RouteError } from "#app/components/route-error.tsx";
import { MarkdownContent, TaskForm } from "#app/markdown/markdown-content.tsx";
import { WidgetOptionsMenu, WidgetSlot } from "#app/widgets/host/widget-slot.tsx";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const page = await loadEntityPage(context, ARTICLE_PAGE, params.articleId, url);
  const { content: _source, ...shown } = page.entity;
  return {
    article: shown,
    content: page.rendered,
    taskForm: page.taskForm,
    widgets: page.widgets,
    entity: page.widgetEntity,
    me: page.me,
    editable: page.editable,
  };
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
  return toggleEntityTask(context, ARTICLE_PAGE, params.articleId, request, url);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.article.summary} · Keel` : "Keel" },
];

export default function Article({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { article, content, taskForm, widgets, entity, me, editable } = loaderData;
  return (
    <article aria-labelledby="page-heading" className="entity">
      <p className="muted breadcrumb">
        <Link to="/articles">{t("titles.knowledgeBase")}</Link> / {article.project.name}
      </p>
      <div className="entity-heading">
        <h1 id="page-heading" dir="auto">
          {article.summary}
        </h1>
        <WidgetOptionsMenu
          widgets={widgets.ARTICLE_OPTIONS_MENU_ITEM}
          entity={entity}
          me={me}
          place="article-options-menu-item"
        />
      </div>
      <p className="muted entity-meta">
        <span className="entity-id">{article.idReadable}</span> ·{" "}
        <Sentence
          text={t("article.updated", { date: "" })}
          slots={{ time: <Time value={article.updated} /> }}
        />
      </p>
      {actionData?.taskError ? <p role="alert">{actionData.taskError}</p> : null}
      {taskForm ? <TaskForm id={taskForm.id} revision={taskForm.revision} /> : null}
      <WidgetSlot
        widgets={widgets.ARTICLE_BELOW_SUMMARY}
        entity={entity}
        me={me}
        place="article-below-summary"
      />
      <MarkdownContent
        rendered={content}
        data-testid="article-content"
        widgets={{
          available: widgets.MARKDOWN ?? [],
          me,
          editable,
          embeddedIn: { type: "article", id: article.id },
        }}
      />
      <WidgetSlot
        widgets={widgets.ARTICLE_ABOVE_ACTIVITY_STREAM}
        entity={entity}
        me={me}
        place="article-above-activity-stream"
      />
      <ActivityStream id="article-activity" />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
