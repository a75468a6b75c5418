import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

/** Every route's response serializer (app.ts): the body must pass the route's schema, then JSON. */
export const responseSerializerCompiler = serializerCompiler;

/**
 * Sends JSON made elsewhere (stored as text): Fastify passes a string with a JSON content type
 * straight to the onSend hooks (compression, security headers), without serializing it again.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
