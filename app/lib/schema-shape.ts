import type { FieldShape } from "#contract/field-selector.ts";
import { z } from "zod";

type Node = true | FieldShape | readonly [FieldShape];
type Schema = z.core.$ZodType;

// zod's core classes: the full API's schemas and zod/mini's (contract/api-shell.ts) both are these.
function shapeOfNode(schema: Schema): Node {
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault
  ) {
    return shapeOfNode(schema._zod.def.innerType);
  }
  if (schema instanceof z.core.$ZodPipe) return shapeOfNode(schema._zod.def.in);
  if (schema instanceof z.core.$ZodArray) {
    const element = shapeOfNode(schema._zod.def.element);
    return element === true || Array.isArray(element) ? true : [element as FieldShape];
  }
  if (schema instanceof z.core.$ZodUnion) {
    // A value of several kinds (a user, an enum element, a number): every kind's fields; the backend skips
    // those a value's own type does not have.
    return (schema._zod.def.options as readonly Schema[]).map(shapeOfNode).reduce(mergeNodes, true);
  }
  if (schema instanceof z.core.$ZodObject) {
    const shape: Record<string, Node> = {};
    for (const [key, value] of Object.entries(schema._zod.def.shape)) shape[key] = shapeOfNode(value);
    return shape;
  }
  return true;
}

function mergeNodes(a: Node, b: Node): Node {
  if (a === true) return b;
  if (b === true) return a;
  if (Array.isArray(a) || Array.isArray(b)) {
    const inner = (node: Node) =>
      Array.isArray(node) ? (node as readonly [FieldShape])[0] : (node as FieldShape);
    return [mergeNodes(inner(a), inner(b)) as FieldShape];
  }
  const merged: Record<string, Node> = { ...(a as FieldShape) };
  for (const [key, value] of Object.entries(b as FieldShape)) {
    merged[key] = key in merged ? mergeNodes(merged[key]!, value) : value;
  }
  return merged;
}

/** The field shape a response schema reads, so every request selects exactly those fields. */
export function shapeOf(schema: Schema): FieldShape {
  const node = shapeOfNode(schema);
  if (node === true) throw new Error("shapeOf: the schema has no fields to select");
  return Array.isArray(node) ? (node[0] as FieldShape) : (node as FieldShape);
}
