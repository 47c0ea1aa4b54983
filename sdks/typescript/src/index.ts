/**
 * The Hearts API's TypeScript client: the types generated from openapi.yaml (`./schema.ts`, by
 * openapi-typescript; never edit it, run `python3 scripts/dev.py sdks`) and openapi-fetch's typed
 * `fetch` wrapper. This file is the only hand-written part: it adds the token header and a guard
 * for the problem-details error shape every operation answers with.
 */
import createClient, { type Client, type ClientOptions, type Middleware } from "openapi-fetch";

import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths };

/** Every schema of openapi.yaml by name, e.g. `Schemas["GameViewOutput"]`. */
export type Schemas = components["schemas"];
/** The one error shape (RFC 9457 problem details): `code` names the rule broken. */
export type ProblemDetails = components["schemas"]["ProblemDetails"];
export type HeartsClient = Client<paths>;

export interface HeartsClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** The server's origin, e.g. `https://hearts.example` (the paths start with `/api/v1/`). */
  baseUrl: string;
  /** A token from `POST /api/v1/players/` (sign up) or `POST /api/v1/auth/token/`. */
  token?: string;
}

/** A client for every operation of openapi.yaml: `client.GET("/api/v1/games/{game_id}/", ...)`. */
export function createHeartsClient({ baseUrl, token, ...options }: HeartsClientOptions): HeartsClient {
  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ""), ...options });
  if (token !== undefined) {
    client.use(tokenAuth(token));
  }
  return client;
}

/** Sends `Authorization: Token <token>` on every request. */
export function tokenAuth(token: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set("Authorization", `Token ${token}`);
      return request;
    },
  };
}

/** True when `value` has the problem-details shape (the `error` of a failed call). */
export function isProblem(value: unknown): value is ProblemDetails {
  if (typeof value !== "object" || value === null) {
    return false;
  }
  const problem = value as Record<string, unknown>;
  return typeof problem.code === "string" && typeof problem.status === "number";
}
