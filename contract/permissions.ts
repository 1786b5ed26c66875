import type { PermissionEntry } from "./api.ts";

/** Whether the user holds `key` globally or in at least one project. */
export function hasPermission(permissions: readonly PermissionEntry[], key: string): boolean {
  return permissions.some((p) => p.permission.key === key && (p.global || p.projects.length > 0));
}

/** Whether the user holds `key` globally or in the project `projectId`. */
export function hasPermissionIn(
  permissions: readonly PermissionEntry[],
  key: string,
  projectId: string,
): boolean {
  return permissions.some(
    (p) => p.permission.key === key && (p.global || p.projects.some((project) => project.id === projectId)),
  );
}
