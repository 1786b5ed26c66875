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
  if (schema instanceof z.core.$ZodObject) {
    const shape: Record<string, Node> = {};
    for (const [key, value] of Object.entries(schema._zod.def.shape)) shape[key] = shapeOfNode(value);
    return shape;
  }
  return true;
}

/**
 * The field shape a response schema asks for, so that every request selects
 * exactly the fields its parser reads.
 */
export function shapeOf(schema: Schema): FieldShape {
  const node = shapeOfNode(schema);
  if (node === true) throw new Error("shapeOf: the schema has no fields to select");
  return Array.isArray(node) ? (node[0] as FieldShape) : (node as FieldShape);
}
