import { Time } from "../../components/time.tsx";
import { useTranslation } from "react-i18next";
import { Sentence } from "../../components/sentence.tsx";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/article";
import type { TFunction } from "i18next";
import { ApiError, type Api } from "../../lib/api.server.ts";
import { PERMISSION } from "#contract/constants.ts";
import { hasPermissionIn } from "#contract/permissions.ts";
import { getApi } from "../../middleware/api.server.ts";
import { getI18n } from "../../middleware/i18next.server.ts";
import { ActivityStream } from "../../components/activity-stream.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { MarkdownContent, TaskForm } from "../../markdown/markdown-content.tsx";
import { taskFormId } from "../../markdown/render.ts";
import { renderForPage } from "../../markdown/render.server.ts";
import { toggleTaskFromForm } from "../../markdown/task-action.server.ts";
import { loadPlacedWidgets, widgetUser } from "../../widgets/placement.server.ts";
import type { WidgetEntity } from "../../widgets/protocol.ts";
import { WidgetOptionsMenu, WidgetSlot } from "../../widgets/host/widget-slot.tsx";

const ARTICLE_PLACES = [
  "ARTICLE_BELOW_SUMMARY",
  "ARTICLE_ABOVE_ACTIVITY_STREAM",
  "ARTICLE_OPTIONS_MENU_ITEM",
  "MARKDOWN",
] as const;

async function loadArticle(api: Api, id: string, t: TFunction<"pages">) {
  try {
    return await api.getArticle(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data({ message: t("article.notFound", { id }) }, { status: 404 });
    }
    throw error;
  }
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = getApi(context);
  const t = getI18n(context).getFixedT(null, "pages");
  const [article, user, permissions] = await Promise.all([
    loadArticle(api, params.articleId, t),
    api.getCurrentUser(),
    api.getPermissions(),
  ]);
  // The mock backend lets whoever may create articles in a project edit their text there.
  const editable = !user.guest && hasPermissionIn(permissions, PERMISSION.CREATE_ARTICLE, article.project.id);
  const formId = editable ? taskFormId(article.idReadable) : null;
  const content = await renderForPage(api, article.content, {
    basePath: url.pathname,
    taskFormId: formId,
    t: getI18n(context).getFixedT(null, "markdown"),
  });
  const { content: _source, ...shown } = article;
  const entity: WidgetEntity = {
    type: "article",
    id: article.id,
    idReadable: article.idReadable,
    summary: article.summary,
    project: { id: article.project.id, name: article.project.name },
  };
  const widgets = await loadPlacedWidgets(api, ARTICLE_PLACES, { entity, projectId: article.project.id });
  return {
    article: shown,
    content,
    taskForm: formId ? { id: formId, revision: article.updated } : null,
    widgets,
    entity,
    me: widgetUser(user),
    editable,
  };
}

/** Toggles a task of the content (the task checkboxes submit here) and reloads the page. */
export async function action({ context, params, request, url }: Route.ActionArgs) {
  const api = getApi(context);
  const article = await loadArticle(api, params.articleId, getI18n(context).getFixedT(null, "pages"));
  const result = await toggleTaskFromForm(
    await request.formData(),
    { text: article.content, updated: article.updated },
    (content) => api.updateArticle(article.id, { content }),
    getI18n(context).getFixedT(null, "markdown"),
  );
  if (!result.ok) return data({ taskError: result.message }, { status: result.status });
  throw redirect(url.pathname);
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
