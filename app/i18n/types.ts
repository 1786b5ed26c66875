import type errors from "../../locales/en/errors.json";
import type markdown from "../../locales/en/markdown.json";
import type pages from "../../locales/en/pages.json";
import type shell from "../../locales/en/shell.json";
import type widgets from "../../locales/en/widgets.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "shell";
    resources: {
      shell: typeof shell;
      pages: typeof pages;
      errors: typeof errors;
      markdown: typeof markdown;
      widgets: typeof widgets;
    };
  }
}
