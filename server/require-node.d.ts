// Types of server/require-node.js, which stays plain JavaScript so that any Node.js runs it.
export function requiredVersion(range: string): [number, number, number];
export function nodeVersionProblem(actual: string, range: string): string | null;
