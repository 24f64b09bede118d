import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featureImportAnswerSchema, featureImportChunkSchema } from '../../src/model/index.ts';
import { requireUser } from '../auth/plugin.ts';
import { idempotencyHeaders, withIdempotency } from '../http/idempotency.ts';
import { editTarget } from '../services/edit_target.ts';
import { importChunk } from '../services/feature_import.ts';

// Bulk import (issue 15 part 5): the import worker posts a file's features as JSON chunks of at most
// IMPORT_CHUNK_FEATURES, each under the server's JSON body limit; one chunk is one transaction, and
// the worker's Idempotency-Key per chunk makes a retried chunk answer again instead of importing twice.

const targetQuery = z.object({ workspace: z.string().optional(), layer: z.string().optional() });

export async function featureImportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  app.post(
    '/features/import',
    {
      schema: {
        tags: ['changes'],
        querystring: targetQuery,
        body: featureImportChunkSchema,
        headers: idempotencyHeaders,
        response: { 200: featureImportAnswerSchema },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      return withIdempotency(db, req, reply, async (tx) => {
        const target = await editTarget(tx, user, req.query.workspace, req.query.layer);
        return { status: 200, body: await importChunk(tx, user, target, req.body) };
      });
    },
  );
}
