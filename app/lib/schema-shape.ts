import { z } from "zod";
import type { FieldShape } from "./field-selector.ts";

type Node = true | FieldShape | readonly [FieldShape];

function shapeOfNode(schema: z.ZodType): Node {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return shapeOfNode(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return shapeOfNode(schema.in as z.ZodType);
  if (schema instanceof z.ZodArray) {
    const element = shapeOfNode(schema.element as z.ZodType);
    return element === true || Array.isArray(element) ? true : [element as FieldShape];
  }
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, Node> = {};
    for (const [key, value] of Object.entries(schema.shape)) shape[key] = shapeOfNode(value as z.ZodType);
    return shape;
  }
  return true;
}

/**
 * The field shape a response schema asks for, so that every request selects
 * exactly the fields its parser reads.
 */
export function shapeOf(schema: z.ZodType): FieldShape {
  const node = shapeOfNode(schema);
  if (node === true) throw new Error("shapeOf: the schema has no fields to select");
  return Array.isArray(node) ? (node[0] as FieldShape) : (node as FieldShape);
}
