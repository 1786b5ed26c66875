// The field selector's messages that the error catalogue words for people (app-errors.ts): apart from
// the parser, so the browser's first scripts do not carry it.
export const EXTRA_MISMATCH_MESSAGE = "Extra fields don't match a shape";
export const EXTRA_NOT_ARRAY_MESSAGE = "Extra fields can be passed to an array value only";
