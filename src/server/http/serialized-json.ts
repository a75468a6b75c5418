import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

/** Every route's response serializer (app.ts): the body must pass the route's schema, then JSON. */
export const responseSerializerCompiler = serializerCompiler;

/**
 * The serializer Fastify would use for `schema` on `method url`, for a route that makes (and may
 * remember) its answer as text: send it with sendJson. A body that fails the schema throws the
 * same error as Fastify's serialization would (a 500 through the error handler).
 */
export function serializerFor<T>(schema: $ZodType<T>, method: string, url: string): (body: T) => string {
  return responseSerializerCompiler({ schema, method, url, httpStatus: '200' }) as (body: T) => string;
}

/**
 * Sends JSON made by serializerFor: Fastify passes a string with a JSON content type straight
 * to the onSend hooks (compression, helmet's headers stay), without serializing it again.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
