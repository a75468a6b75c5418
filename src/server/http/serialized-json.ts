import { serializerCompiler } from 'fastify-type-provider-zod';

/** Every route's response serializer (app.ts): the body must pass the route's schema, then JSON. */
export const responseSerializerCompiler = serializerCompiler;
