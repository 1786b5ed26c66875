import { expect, test } from "vitest";
import { z } from "zod";
import { buildFields } from "#contract/field-selector.ts";
import { shapeOf } from "./schema-shape.ts";

test("objects, arrays of objects, nullable and optional fields become a field shape", () => {
  const schema = z.object({
    id: z.string(),
    owner: z.object({ login: z.string(), name: z.string() }).nullable(),
    tags: z.array(z.object({ name: z.string() })).optional(),
    labels: z.array(z.string()),
    meta: z.record(z.string(), z.string()),
  });
  expect(shapeOf(schema)).toEqual({
    id: true,
    owner: { login: true, name: true },
    tags: [{ name: true }],
    labels: true,
    meta: true,
  });
  expect(buildFields(shapeOf(schema))).toBe("id,owner(login,name),tags(name),labels,meta");
});

test("an array schema selects the fields of its elements", () => {
  expect(shapeOf(z.array(z.object({ id: z.string() })))).toEqual({ id: true });
});

test("a schema without fields cannot be selected", () => {
  expect(() => shapeOf(z.string())).toThrow(/no fields/);
});

test("a value of several kinds selects the fields of every kind", () => {
  const schema = z.object({
    value: z.union([
      z.object({ login: z.string(), fullName: z.string() }),
      z.object({ name: z.string(), color: z.object({ background: z.string() }).nullable() }),
      z.object({ name: z.string(), color: z.object({ foreground: z.string() }) }),
      z.number(),
      z.null(),
    ]),
    plain: z.union([z.string(), z.number()]),
  });
  expect(buildFields(shapeOf(schema))).toBe("value(login,fullName,name,color(background,foreground)),plain");
});
