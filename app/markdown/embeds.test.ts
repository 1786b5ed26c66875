import { expect, test } from "vitest";
import { embedFor, isEmbedSource, youtubeVideoId } from "./embeds.ts";

test("YouTube watch, short and embed links give the 11-character video id", () => {
  expect(youtubeVideoId("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
  expect(youtubeVideoId("https://youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
  expect(youtubeVideoId("https://m.youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
  expect(youtubeVideoId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
});

test("a YouTube id that is not 11 characters of [A-Za-z0-9_-] gives no embed", () => {
  expect(youtubeVideoId("https://www.youtube.com/watch?v=dQw4w9WgXc")).toBeNull();
  expect(youtubeVideoId("https://www.youtube.com/watch?v=dQw4w9WgXcQQ")).toBeNull();
  expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9W"XcQ')).toBeNull();
  expect(embedFor("https://youtu.be/short")).toBeNull();
});

test("a YouTube link becomes a privacy-enhanced youtube-nocookie.com embed", () => {
  expect(embedFor("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
    src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    title: "embed.youtube",
    service: "youtube",
  });
});

test("a start time in the YouTube link carries over as seconds", () => {
  expect(embedFor("https://youtu.be/dQw4w9WgXcQ?t=1m30s")?.src).toBe(
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90",
  );
});

test("look-alike hosts are not YouTube", () => {
  expect(embedFor("https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ")).toBeNull();
  expect(embedFor("https://evil.example/youtu.be/dQw4w9WgXcQ")).toBeNull();
});

test("Google documents, Figma, diagrams.net, Lucid and Miro links become embeds", () => {
  expect(embedFor("https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/edit")?.src).toBe(
    "https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/preview",
  );
  expect(embedFor("https://www.figma.com/design/AbCdEfGhIjKl/Keel")?.src).toBe(
    `https://www.figma.com/embed?embed_host=keel&url=${encodeURIComponent("https://www.figma.com/design/AbCdEfGhIjKl/Keel")}`,
  );
  expect(embedFor("https://viewer.diagrams.net/?lightbox=1#Uabc")?.service).toBe("diagrams");
  expect(embedFor("https://lucid.app/lucidchart/1234abcd-5678/view")?.src).toBe(
    "https://lucid.app/documents/embedded/1234abcd-5678",
  );
  expect(embedFor("https://miro.com/app/board/uXjVOabc123=/")?.src).toBe(
    "https://miro.com/app/live-embed/uXjVOabc123=/",
  );
});

test("links to other services stay links", () => {
  for (const url of [
    "https://example.com/",
    "https://vimeo.com/123",
    "https://docs.google.com/forms/d/x/view",
  ]) {
    expect(embedFor(url), url).toBeNull();
  }
});

test("only addresses embedFor produces count as embed sources", () => {
  expect(isEmbedSource("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe(true);
  expect(isEmbedSource("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(false);
  expect(isEmbedSource("http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe(false);
  expect(isEmbedSource("https://evil.example/embed")).toBe(false);
  expect(isEmbedSource("javascript:alert(1)")).toBe(false);
});
