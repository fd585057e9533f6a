/**
 * Fastify's response serializer compiler — fast-json-stringify, as Fastify's own default — with
 * each route schema compiled once per process, whichever app instance asks.
 *
 * Production builds one app: there the shapes many routes share (the error body) are compiled
 * once instead of once per route. The test suites build some two thousand apps, and compiling
 * every route's serializers again for each was more than half of what building one cost.
 * Sharing is sound because the app registers no shared schemas (addSchema): a serializer
 * depends on its route schema alone, and a schema built anew (from configuration) is a new key.
 */
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

const compiled = new WeakMap<object, (data: unknown) => string>();

export const sharedSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const key = schema as object;
  let serialize = compiled.get(key);
  if (!serialize) {
    serialize = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
    compiled.set(key, serialize);
  }
  return serialize;
};
