import type { z } from 'zod';

/**
 * Who may call an endpoint.
 * - `public`: anyone; the caller's identity is read when present.
 * - `identity`: a guest (Guestid) or a signed-in user.
 * - `user`: a signed-in, registered user.
 * - `admin`: a signed-in user with the admin role.
 */
export type Access = 'public' | 'identity' | 'user' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call: the single description that the server registers and the web client calls.
 * `path` is relative to the API base `/api`. `data` is the schema of the envelope's `data`.
 */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly query?: Q;
  readonly body?: B;
  readonly data: D;
}

export const endpoint = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
>(
  e: Endpoint<Q, B, D>,
): Endpoint<Q, B, D> => e;

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends (before defaults and coercion). */
export type QueryIn<E> =
  E extends Endpoint<infer Q, z.ZodType | undefined, z.ZodType> ? InputOf<Q> : never;
export type BodyIn<E> =
  E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType> ? InputOf<B> : never;
/** What the server's handler receives (after validation). */
export type QueryOut<E> =
  E extends Endpoint<infer Q, z.ZodType | undefined, z.ZodType> ? OutputOf<Q> : never;
export type BodyOut<E> =
  E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType> ? OutputOf<B> : never;
/** The envelope's `data` as the handler returns it and the client receives it. */
export type DataOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never;
export type DataIn<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.input<D> : never;
