import { useTranslation } from "react-i18next";
import type { RenderedMarkdown } from "../markdown/render.ts";
import { MarkdownContent } from "../markdown/markdown-content.tsx";
import { Avatar } from "./people.tsx";
import { Time } from "./time.tsx";

export interface ShownComment {
  id: string;
  author: string | null;
  timestamp: number;
  rendered: RenderedMarkdown;
}

export function ActivityStream({ id, comments = [] }: { id: string; comments?: readonly ShownComment[] }) {
  const { t } = useTranslation("widgets");
  return (
    <section aria-labelledby={id} className="entity-activity">
      <h2 id={id}>{t("places.activity")}</h2>
      {comments.length === 0 ? (
        <p className="muted">{t("places.noActivity")}</p>
      ) : (
        <ol className="comments">
          {comments.map((comment) => (
            <li key={comment.id} className="comment">
              <Avatar name={comment.author ?? "?"} />
              <div className="comment-body">
                <p className="comment-meta">
                  {comment.author ? <bdi className="comment-author">{comment.author}</bdi> : null}{" "}
                  <Time value={comment.timestamp} />
                </p>
                <MarkdownContent rendered={comment.rendered} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
