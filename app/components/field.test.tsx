import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { Field } from "./field.tsx";

const render = (props: Partial<Parameters<typeof Field>[0]> = {}) =>
  renderToStaticMarkup(
    <Field id="name" label="Name" {...props}>
      {(control) => <input {...control} name="name" />}
    </Field>,
  );

test("the label names the control and nothing describes a field without hint or error", () => {
  expect(render()).toBe(
    '<div class="field"><label for="name">Name</label><input id="name" name="name"/></div>',
  );
});

test("the hint describes the control", () => {
  expect(render({ hint: "Up to 80 characters" })).toBe(
    '<div class="field"><label for="name">Name</label>' +
      '<input id="name" aria-describedby="name-hint" name="name"/>' +
      '<p id="name-hint" class="hint">Up to 80 characters</p></div>',
  );
});

test("an error marks the control invalid and describes it after the hint", () => {
  const html = render({ hint: "Up to 80 characters", error: "Name is required" });
  expect(html).toContain('<input id="name" aria-invalid="true" aria-describedby="name-hint name-error"');
  expect(html).toMatch(/name-hint.*<p id="name-error" class="field-error">Name is required<\/p><\/div>$/);
  expect(html).not.toContain("role=");
});

test("an error that appears without a page load is announced", () => {
  expect(render({ error: "Not a zip", announceError: true })).toContain(
    '<p id="name-error" class="field-error" role="alert">Not a zip</p>',
  );
});

test("a checkbox comes before its label, in the class the caller gives", () => {
  const html = renderToStaticMarkup(
    <Field id="on" label="On" className="wizard-check" controlFirst>
      {(control) => <input {...control} type="checkbox" />}
    </Field>,
  );
  expect(html).toBe(
    '<div class="wizard-check"><input id="on" type="checkbox"/><label for="on">On</label></div>',
  );
});
