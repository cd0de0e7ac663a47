/** The generateContent family's error body (DECISIONS §13): `{"error": {code, message, status}}` beside SPEC's `detail`. */
import type { ErrorDetail } from "../../family.ts";

/** google.rpc code names by HTTP status, as the API answers them. */
const STATUS: Readonly<Record<number, string>> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  409: "ABORTED",
  413: "INVALID_ARGUMENT",
  422: "INVALID_ARGUMENT",
  429: "RESOURCE_EXHAUSTED",
  499: "CANCELLED",
  500: "INTERNAL",
  502: "UNAVAILABLE",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

export function generateErrorBody(status: number, detail: ErrorDetail): Record<string, unknown> {
  return { error: { code: status, message: detail.message, status: statusName(status) }, detail };
}

export function statusName(status: number): string {
  return STATUS[status] ?? (status >= 500 ? "INTERNAL" : "INVALID_ARGUMENT");
}
