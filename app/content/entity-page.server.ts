// The server side of an issue's or an article's page and its task-toggle action.
import type { ParseKeys } from "i18next";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Article, Issue } from "#contract/api.ts";
import { PERMISSION } from "#contract/constants.ts";
import type { ExtensionPoint } from "#contract/extension-points.ts";
import { hasPermissionIn } from "#contract/permissions.ts";
import { ApiError, type Api } from "../lib/api.server.ts";
import { taskFormId } from "../markdown/render.ts";
import { renderEachForPage } from "../markdown/render.server.ts";
import { toggleTaskFromForm } from "../markdown/task-action.server.ts";
import { getApi } from "../middleware/api.server.ts";
import { getI18n } from "../middleware/i18next.server.ts";
import { loadPlacedWidgets, widgetUser } from "../widgets/placement.server.ts";
import type { WidgetEntity } from "../widgets/protocol.ts";

type Context = Readonly<RouterContextProvider>;

interface EntityKind<E extends Issue | Article> {
  load(api: Api, id: string): Promise<E>;
  notFound: ParseKeys<"pages">;
  /** The permission to create this kind in a project, which lets the reader edit its text there. */
  create: (typeof PERMISSION)[keyof typeof PERMISSION];
  text(entity: E): string;
  saveText(api: Api, entity: E, text: string): Promise<unknown>;
  places: readonly ExtensionPoint[];
  widgetEntity(entity: E): WidgetEntity;
}

export const ISSUE_PAGE: EntityKind<Issue> = {
  load: (api, id) => api.getIssue(id),
  notFound: "issue.notFound",
  create: PERMISSION.CREATE_ISSUE,
  text: (issue) => issue.description,
  saveText: (api, issue, description) => api.updateIssue(issue.id, { description }),
  places: [
    "ISSUE_FIELD_PANEL_FIRST",
    "ISSUE_FIELD_PANEL_LAST",
    "ISSUE_BELOW_SUMMARY",
    "ISSUE_ABOVE_ACTIVITY_STREAM",
    "ISSUE_OPTIONS_MENU_ITEM",
    "MARKDOWN",
  ],
  widgetEntity: (issue) => ({
    type: "issue",
    id: issue.id,
    idReadable: issue.idReadable,
    summary: issue.summary,
    project: { id: issue.project.id, name: issue.project.name },
    fields: [
      { id: "state", name: "State", type: "state", value: issue.resolved ? "Fixed" : "Open" },
      { id: "reporter", name: "Reporter", type: "user", value: issue.reporter.name },
    ],
  }),
};

export const ARTICLE_PAGE: EntityKind<Article> = {
  load: (api, id) => api.getArticle(id),
  notFound: "article.notFound",
  create: PERMISSION.CREATE_ARTICLE,
  text: (article) => article.content,
  saveText: (api, article, content) => api.updateArticle(article.id, { content }),
  places: ["ARTICLE_BELOW_SUMMARY", "ARTICLE_ABOVE_ACTIVITY_STREAM", "ARTICLE_OPTIONS_MENU_ITEM", "MARKDOWN"],
  widgetEntity: (article) => ({
    type: "article",
    id: article.id,
    idReadable: article.idReadable,
    summary: article.summary,
    project: { id: article.project.id, name: article.project.name },
  }),
};

async function loadEntity<E extends Issue | Article>(context: Context, kind: EntityKind<E>, id: string) {
  try {
    return await kind.load(getApi(context), id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      const t = getI18n(context).getFixedT(null, "pages");
      throw data({ message: t(kind.notFound, { id }) }, { status: 404 });
    }
    throw error;
  }
}

/**
 * The page's data: the entity, its rendered text, the task form when editable, and its widgets. Texts
 * shown beside the entity's (an issue's comments) come as `alongside`, rendered with it: their mentions and
 * its go out in one backend call.
 */
export async function loadEntityPage<E extends Issue | Article>(
  context: Context,
  kind: EntityKind<E>,
  id: string,
  url: URL,
  alongside: Promise<readonly string[]> = Promise.resolve([]),
) {
  const api = getApi(context);
  // The installed apps go out with the entity rather than after its text: loadPlacedWidgets below takes
  // the same read, and meets its failure there, after a missing entity's 404.
  api.listApps().catch(() => {});
  const [entity, user, permissions, alongsideTexts] = await Promise.all([
    loadEntity(context, kind, id),
    api.getCurrentUser(),
    api.getPermissions(),
    alongside,
  ]);
  // The mock backend lets whoever may create issues or articles in a project edit their text there.
  const editable = !user.guest && hasPermissionIn(permissions, kind.create, entity.project.id);
  const formId = editable ? taskFormId(entity.idReadable) : null;
  const options = { basePath: url.pathname, t: getI18n(context).getFixedT(null, "markdown") };
  const [rendered, ...alongsideRendered] = await renderEachForPage(api, [
    { text: kind.text(entity), options: { ...options, taskFormId: formId } },
    ...alongsideTexts.map((text) => ({ text, options })),
  ]);
  const widgetEntity = kind.widgetEntity(entity);
  const widgets = await loadPlacedWidgets(api, kind.places, {
    entity: widgetEntity,
    projectId: entity.project.id,
  });
  return {
    entity,
    rendered: rendered!,
    alongside: alongsideRendered,
    taskForm: formId ? { id: formId, revision: entity.updated } : null,
    widgets,
    widgetEntity,
    user,
    me: widgetUser(user),
    editable,
  };
}

/** Toggles a task of the entity's text (the task checkboxes submit here) and reloads the page. */
export async function toggleEntityTask<E extends Issue | Article>(
  context: Context,
  kind: EntityKind<E>,
  id: string,
  request: Request,
  url: URL,
) {
  const api = getApi(context);
  const entity = await loadEntity(context, kind, id);
  const result = await toggleTaskFromForm(
    await request.formData(),
    { text: kind.text(entity), updated: entity.updated },
    (text) => kind.saveText(api, entity, text),
    getI18n(context).getFixedT(null, "markdown"),
  );
  if (!result.ok) return data({ taskError: result.message }, { status: result.status });
  throw redirect(url.pathname);
}
