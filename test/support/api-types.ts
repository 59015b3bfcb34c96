import type { components, paths } from "../../clients/typescript/schema.js";

/*
 * The answer types of the API for a path as the tests write it (`/v1/posts/${post.id}/retract`,
 * `/v1/posts?limit=2`), taken from clients/typescript/schema.d.ts: the types openapi-typescript
 * generates from /openapi.json, kept in step with the app by test/api/typescript-client.test.ts.
 * Every answer a test app gives is also checked against that same document at run time
 * (api-conformance.ts), so a body typed here is a body the document promised and the check saw.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Schemas = components["schemas"];
/** The `error` object of every failed call. */
export type ApiErrorBody = Schemas["Error"]["error"];

type Operation = { responses: unknown };
type PathsFor<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in Lowercase<M>]: Operation } ? P : never }[keyof paths];

/** `/v1/posts/{id}/retract` as the strings a test can write for it: `/v1/posts/${string}/retract`. */
type Concrete<P extends string> = P extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Concrete<Tail>}` : P;
type WithoutQuery<S extends string> = S extends `${infer Base}?${string}` ? Base : S;

/** True for a string type with holes (`/v1/posts/${string}`), false for one exact string. */
type HasHoles<S extends string> = Record<never, never> extends Record<S, 1> ? true : false;
/**
 * A path with holes must fit the documented one both ways: `/v1/posts/${string}/comments${string}`
 * (a query built elsewhere) fits `/v1/posts/{id}` one way only, and is left untyped rather than
 * typed as the wrong answer.
 */
type Fits<S extends string, C extends string> = S extends C ? (HasHoles<S> extends true ? (C extends S ? true : false) : true) : false;
type Matching<M extends Method, S extends string> = { [P in PathsFor<M>]: Fits<WithoutQuery<S>, Concrete<P>> extends true ? P : never }[PathsFor<M>];
/**
 * `/v1/posts/${string}/retract` also fits `/v1/posts/{id}` (a parameter matches any text): of the
 * documented paths a string fits, the ones no other fitting path is narrower than.
 */
type Narrower<U extends keyof paths, P extends keyof paths> = U extends P ? never : Concrete<U> extends Concrete<P> ? U : never;
type Narrowest<U extends keyof paths> = { [P in U]: [Narrower<U, P>] extends [never] ? P : never }[U];

/** The documented operation a call reaches; never when the path is not a literal the document has. */
export type OperationAt<M extends Method, S extends string> = Narrowest<Matching<M, S>> extends infer P ? (P extends keyof paths ? paths[P][Lowercase<M>] : never) : never;

type SuccessStatus = 200 | 201 | 202 | 204;
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : null;
type SuccessOf<O> = O extends { responses: infer R } ? JsonOf<R[Extract<keyof R, SuccessStatus>]> : never;

/** The documented success body of a call, or unknown when the path is not one TypeScript can place. */
export type SuccessBody<M extends Method, S extends string> = S extends string ? ([OperationAt<M, S>] extends [never] ? unknown : SuccessOf<OperationAt<M, S>>) : never;
