import { useState } from "react";

/**
 * The order tiles were first seen in. The tiles stay in this order in the document and take their place
 * with CSS `order`: moving an iframe in the document reloads it, and moving a focused button loses focus.
 * After a reload the document order is the dashboard's again.
 */
export function useMountOrder(ids: readonly string[]): string[] {
  const [order, setOrder] = useState<string[]>(() => [...ids]);
  const next = order.filter((id) => ids.includes(id));
  for (const id of ids) if (!next.includes(id)) next.push(id);
  if (next.length !== order.length || next.some((id, index) => id !== order[index])) setOrder(next);
  return next;
}
