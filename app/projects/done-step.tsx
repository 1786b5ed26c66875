import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Project } from "#contract/api.ts";
import { NEW_PROJECT_PATH, templateName } from "./wizard.ts";

/** The last step: what was set up, and where to go next. */
export function DoneStep({ project }: { project: Project }) {
  const { t } = useTranslation("pages");
  return (
    <div>
      <h2>{t("newProject.done.heading")}</h2>
      <p role="status">{t("newProject.done.ready", { name: project.name })}</p>
      <dl className="wizard-summary">
        <dt>{t("newProject.done.name")}</dt>
        <dd>{project.name}</dd>
        <dt>{t("newProject.done.shortName")}</dt>
        <dd className="entity-id">{project.shortName}</dd>
        <dt>{t("newProject.done.template")}</dt>
        <dd>{templateName(project.template, t)}</dd>
        <dt>{t("newProject.done.team")}</dt>
        <dd>
          {project.invitations.length === 0
            ? t("newProject.done.nobodyInvited")
            : project.invitations
                .map(({ invitee, status }) =>
                  t(status === "added" ? "newProject.done.added" : "newProject.done.invitationSent", {
                    invitee,
                  }),
                )
                .join(t("newProject.invite.listSeparator"))}
        </dd>
        <dt>{t("newProject.done.timeTracking")}</dt>
        <dd>{project.timeTrackingEnabled ? t("newProject.done.on") : t("newProject.done.off")}</dd>
      </dl>
      <p className="wizard-actions">
        <Link to={`/projects/${project.shortName}`} className="button button-primary">
          {t("newProject.done.open", { name: project.name })}
        </Link>
        <Link to={NEW_PROJECT_PATH} className="button">
          {t("newProject.done.another")}
        </Link>
      </p>
    </div>
  );
}
