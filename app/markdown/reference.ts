// The text of the Markdown reference page (/markup), written in the Markdown it documents.

import { EMBEDDABLE_SERVICES } from "./embeds.ts";
import type { MarkdownT } from "./translate.ts";

const fence = "```";

/** The reference page's text in the reader's language; the Markdown syntax in it stays as written. */
export function markdownReference(t: MarkdownT): string {
  const bold = t("reference.text.bold");
  const italic = t("reference.text.italic");
  const struck = t("reference.text.struck");
  const code = t("reference.text.code");
  const embedLine = (service: (typeof EMBEDDABLE_SERVICES)[number]) => {
    const name = "nameKey" in service ? t(`reference.embeds.${service.nameKey}`) : service.name;
    const id = "exampleId" in service ? `<${t(`reference.embeds.${service.exampleId}`)}>` : "";
    const note = "note" in service ? `, ${t(`reference.embeds.${service.note}`)}` : "";
    return `- **${name}** (${t(`reference.embeds.${service.kind}`)}): \`${service.example}${id}\`${note}`;
  };
  return [
    t("reference.intro"),
    "",
    `## ${t("reference.text.heading")}`,
    "",
    `| ${t("reference.text.youWrite")} | ${t("reference.text.youGet")} |`,
    "|---|---|",
    `| \`**${bold}**\`, \`*${italic}*\`, \`~~${struck}~~\` | **${bold}**, *${italic}*, ~~${struck}~~ |`,
    `| \`\` \`${code}\` \`\` | \`${code}\` |`,
    `| \`[${t("reference.text.link")}](https://example.com)\` | [${t("reference.text.link")}](https://example.com) |`,
    `| \`#3B82F6\` ${t("reference.text.colour")} | #3B82F6 |`,
    "",
    t("reference.text.links"),
    "",
    `## ${t("reference.mentions.heading")}`,
    "",
    t("reference.mentions.body"),
    "",
    `## ${t("reference.tasks.heading")}`,
    "",
    `- [x] ${t("reference.tasks.syntax")}`,
    `- [ ] ${t("reference.tasks.edit")}`,
    "",
    `## ${t("reference.images.heading")}`,
    "",
    t("reference.images.size"),
    t("reference.images.pdf"),
    "",
    `## ${t("reference.math.heading")}`,
    "",
    t("reference.math.inline", {
      source: "`$e^{i\\pi} + 1 = 0$`",
      formula: "$e^{i\\pi} + 1 = 0$",
      display: "`$$…$$`",
    }),
    "",
    "$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$",
    "",
    t("reference.math.dollar"),
    "",
    `## ${t("reference.diagrams.heading")}`,
    "",
    `${fence}mermaid`,
    `graph LR; A[${t("reference.diagrams.write")}] --> B[${t("reference.diagrams.preview")}] --> C[${t("reference.diagrams.save")}]`,
    fence,
    "",
    `## ${t("reference.code.heading")}`,
    "",
    `${fence}ts`,
    `const greeting: string = "${t("reference.code.greeting")}"; // ${t("reference.code.comment")}`,
    fence,
    "",
    t("reference.code.bidi"),
    "",
    `## ${t("reference.embeds.heading")}`,
    "",
    t("reference.embeds.intro"),
    "",
    ...EMBEDDABLE_SERVICES.map(embedLine),
    "",
    `## ${t("reference.widgets.heading")}`,
    "",
    t("reference.widgets.body", { syntax: "`{{widget app-key:widget-key:embedding-id}}`" }),
  ].join("\n");
}

/** The try-it form's first text. */
export function markdownSample(t: MarkdownT): string {
  return [
    `## ${t("sample.heading")}`,
    "",
    t("sample.body", { formula: "$a^2 + b^2 = c^2$", mention: "DEMO-1" }),
    "",
    `- [ ] ${t("sample.write")}`,
    `- [x] ${t("sample.preview")}`,
  ].join("\n");
}

/** The longest text the try-it form renders. */
export const MAX_PREVIEW_LENGTH = 100_000;
