import type { FastifyReply, FastifyRequest } from 'fastify';

/** onSend hook for answers that are per user and change with every action: no cache keeps them. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
