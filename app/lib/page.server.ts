// The `?page=N` of a server-rendered list (app/components/pager.tsx draws its links).
import { z } from "zod";

const MAX_PAGE = 1000;
const PageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

export function pageOf(url: URL): number {
  return PageSchema.parse(url.searchParams.get("page") ?? 1);
}
