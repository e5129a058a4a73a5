// Fixture: browser code importing a server package (breaks browser-not-server-packages).
import type { FastifyRequest } from 'fastify';

export type Request = FastifyRequest;
