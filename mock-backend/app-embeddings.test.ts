import { expect, test } from "vitest";
import { WIDGET_APP_HEADER } from "#contract/constants.ts";
import {
  bearer,
  expectError,
  expectOk,
  sameOrigin,
  withBackend,
  type Backend,
} from "#tests/helpers/backend.ts";
import { EmbeddingSchema } from "#contract/api.ts";

// The seeded article DEMO-A-2 embeds {{widget team-pulse:pulse-embed:team-conventions-pulse}}.
const APP = "team-pulse";
const WIDGET = "pulse-embed";
const ID = "team-conventions-pulse";
const ARTICLE = "DEMO-A-2";
const REFERENCE = `{{widget ${APP}:${WIDGET}:${ID}}}`;

const inText = (kind: "issues" | "articles", entity: string, id = ID) =>
  `/api/${kind}/${entity}/apps/${APP}/embeddings/${id}`;
const config = (title: string) => ({ widgetKey: WIDGET, config: { title, project: "" } });

/** As the widget host in alice's (rachel's…) browser: her token, which Keel lends, and the app named. */
async function asHost(backend: Backend, login: string) {
  return { ...(await backend.readAs(login)), [WIDGET_APP_HEADER]: APP };
}
const store = async (backend: Backend, login: string, path: string, title: string) =>
  backend.client.request("PUT", path, { body: config(title), headers: await asHost(backend, login) });
const read = async (backend: Backend, login: string, path: string) =>
  backend.client.request("GET", path, { headers: await asHost(backend, login) });

test("a reader who cannot edit the text cannot configure its embedded widget, nor claim it", async () => {
  await withBackend(async (backend) => {
    // rachel reads articles but edits none of DEMO's.
    expectError(await read(backend, "rachel", inText("articles", ARTICLE)), 404);
    const refused = expectError(
      await store(backend, "rachel", inText("articles", ARTICLE), "Your session expired"),
      403,
      "forbidden",
    );
    expect(refused.error_description).toBe("You cannot edit this article");
    // The id alone, as the text shows it, claims nothing either.
    expectError(
      await store(backend, "rachel", `/api/apps/${APP}/embeddings/${ID}`, "Your session expired"),
      400,
    );
    expect(await backend.db.widgetEmbedding.count()).toBe(0);

    expectOk(await store(backend, "alice", inText("articles", ARTICLE), "Conventions pulse"));
    expect(
      EmbeddingSchema.parse(expectOk(await read(backend, "rachel", inText("articles", ARTICLE)))),
    ).toEqual({ id: ID, ...config("Conventions pulse") });
    expectError(await store(backend, "rachel", inText("articles", ARTICLE), "Your session expired"), 403);
    expect(expectOk(await read(backend, "admin", inText("articles", ARTICLE)))).toMatchObject({
      config: { title: "Conventions pulse" },
    });
  });
});

test("every editor of the text may change a config someone else saved", async () => {
  await withBackend(async (backend) => {
    expectOk(await store(backend, "alice", inText("articles", ARTICLE), "Alice's"));
    expectOk(await store(backend, "admin", inText("articles", ARTICLE), "Admin's"));
    expect(expectOk(await read(backend, "alice", inText("articles", ARTICLE)))).toMatchObject({
      config: { title: "Admin's" },
    });
    expectOk(await store(backend, "alice", inText("articles", ARTICLE), "Alice's again"));
    const rows = await backend.db.widgetEmbedding.findMany();
    expect(rows.map((row) => [row.entity.split(":")[0], row.id, row.ownerId])).toEqual([
      ["article", ID, null],
    ]);
    // By readable or database id, the same article and the same embedding.
    const article = await backend.db.article.findFirstOrThrow({ where: { idReadable: ARTICLE } });
    expect(expectOk(await read(backend, "rachel", inText("articles", article.id)))).toMatchObject({
      config: { title: "Alice's again" },
    });
  });
});

test("an embedding id pasted into another text does not reach the original's config", async () => {
  await withBackend(async (backend) => {
    expectOk(await store(backend, "alice", inText("articles", ARTICLE), "Conventions pulse"));
    // rachel edits her own helpdesk tickets: she pastes the article's widget into one.
    const ticket = await backend.db.issue.findFirstOrThrow({
      where: { project: { shortName: "SUP" } },
      orderBy: { idReadable: "asc" },
    });
    expectOk(
      await backend.client.request("POST", `/api/issues/${ticket.idReadable}`, {
        body: { description: `Look:\n\n${REFERENCE}` },
        headers: bearer("rachel"),
      }),
    );
    expectError(await read(backend, "rachel", inText("issues", ticket.idReadable)), 404);
    expectOk(await store(backend, "rachel", inText("issues", ticket.idReadable), "Your session expired"));
    expect(expectOk(await read(backend, "rachel", inText("issues", ticket.idReadable)))).toMatchObject({
      config: { title: "Your session expired" },
    });
    expect(expectOk(await read(backend, "admin", inText("articles", ARTICLE)))).toMatchObject({
      config: { title: "Conventions pulse" },
    });
    expectOk(await store(backend, "admin", inText("articles", ARTICLE), "Still the article's"));
    expect(await backend.db.widgetEmbedding.count()).toBe(2);
  });
});

test("a text's editor configures only the widgets its text embeds, under their ids", async () => {
  await withBackend(async (backend) => {
    for (const path of [
      inText("articles", "DEMO-A-1"),
      inText("articles", ARTICLE, "another-id"),
      inText("issues", "DEMO-1"),
    ]) {
      expectError(await store(backend, "admin", path, "Anywhere"), 404, "not_found");
    }
    expectError(
      await backend.client.request("PUT", inText("articles", ARTICLE), {
        body: { widgetKey: "pulse", config: null },
        headers: bearer("admin"),
      }),
      400,
    );
    expectError(await store(backend, "admin", inText("articles", "DEMO-A-999"), "Nowhere"), 404);
    expect(await backend.db.widgetEmbedding.count()).toBe(0);
  });
});

test("guests read the config of a widget embedded in a public article, and change nothing", async () => {
  await withBackend(async (backend) => {
    expectOk(await store(backend, "alice", inText("articles", ARTICLE), "Conventions pulse"));
    const guest = { [WIDGET_APP_HEADER]: APP };
    const read = await backend.client.request("GET", inText("articles", ARTICLE), { headers: guest });
    expect(EmbeddingSchema.parse(expectOk(read))).toEqual({ id: ID, ...config("Conventions pulse") });
    expectError(
      await backend.client.request("PUT", inText("articles", ARTICLE), {
        body: config("Defaced"),
        headers: { ...sameOrigin(), ...guest },
      }),
      401,
    );
    // A dashboard tile is its owner's: guests have no dashboard to read one from.
    expectError(
      await backend.client.request("GET", `/api/apps/${APP}/embeddings/${ID}`, { headers: guest }),
      401,
    );
  });
});
