// The Apps page as the server renders it: plain forms for upload and removal, a vendor link only to the web.
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { WithI18n } from "../helpers/i18n.tsx";
import AdminApps from "#app/routes/admin/apps.tsx";

const app = (name: string, title: string, vendor: { name: string; url: string | null } | null) => ({
  id: `id-${name}`,
  name,
  title,
  version: "1.0.0",
  vendor,
  widgets: [{ id: `w-${name}`, name: `${title} widget`, extensionPoint: "DASHBOARD_WIDGET" }],
});

function render(extra: { notice?: string | null; removing?: { name: string; title: string } | null } = {}) {
  const loaderData = {
    title: "Apps",
    apps: [
      app("web", "Web", { name: "Web vendor", url: "https://vendor.example" }),
      app("odd", "Odd", { name: "Odd vendor", url: "ftp://vendor.example" }),
      app("anon", "Anon", null),
    ],
    notice: extra.notice ?? null,
    removing: extra.removing ?? null,
  };
  const Page = AdminApps as unknown as (props: { loaderData: typeof loaderData }) => React.ReactNode;
  const router = createMemoryRouter([{ path: "/admin/apps", element: <Page loaderData={loaderData} /> }], {
    initialEntries: ["/admin/apps"],
  });
  return renderToString(
    <WithI18n>
      <RouterProvider router={router} />
    </WithI18n>,
  );
}

test("a vendor links only to an http(s) address; other vendors are text", () => {
  const html = render();
  expect(html).toContain('<a href="https://vendor.example" rel="noopener noreferrer">Web vendor</a>');
  expect(html).not.toContain("ftp://vendor.example");
  expect(html).toContain("Odd vendor");
  expect(html).toContain("Not given");
  expect(html).toContain("1 widget");
  expect(html).toContain("<code>DASHBOARD_WIDGET</code>");
});

test("the upload is a multipart form post; each app has a Remove button that asks first", () => {
  const html = render();
  // HTML attribute names are case-insensitive; React writes encType as given.
  expect(html).toMatch(/<form[^>]*action="\/admin\/apps" enctype="multipart\/form-data" method="post">/i);
  const input = /<input id="app-package"[^>]*>/.exec(html)?.[0] ?? "";
  for (const attribute of ['type="file"', 'name="package"', 'accept=".zip,application/zip"', 'required=""']) {
    expect(input).toContain(attribute);
  }
  expect(html).toContain('aria-label="Remove Web"');
  expect(html).toContain('<input type="hidden" name="remove" value="web"/>');
  expect(html).not.toContain("<dialog");
});

test("the confirmation step posts the removal; the notice is a status", () => {
  const html = render({ notice: "Removed Team pulse", removing: { name: "web", title: "Web" } });
  expect(html).toContain('<p class="notice admin-apps-notice" role="status">Removed Team pulse</p>');
  expect(html).toMatch(/<dialog open=""/);
  expect(html).toContain("Remove Web?");
  expect(html).toContain(
    '<input type="hidden" name="intent" value="remove"/><input type="hidden" name="name" value="web"/>',
  );
  expect(html).toContain("Confirm removal");
  expect(html).toContain('href="/admin/apps"');
});
