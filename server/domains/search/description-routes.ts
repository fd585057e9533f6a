/** Visitor contributions that go to a review queue (POST /action/upload-description). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { newId, toTimestamp } from '../../infra/db/ids';

export const MAX_DESCRIPTION_LENGTH = 5000;
export const DESCRIPTION_SUBMITTED_MESSAGE = 'Thank you! Your description was submitted for review.';

const UploadDescriptionBody = Type.Object(
  {
    movieId: Type.String({
      minLength: 1,
      maxLength: 32,
      pattern: '^[A-Za-z0-9_-]+$',
      errorMessage: 'movieId must be 1-32 characters long and use only letters, digits, "_" and "-".',
    }),
    newContext: Type.String({
      maxLength: MAX_DESCRIPTION_LENGTH,
      // At least one non-space character: a blank description is no description.
      pattern: '\\S',
      errorMessage: { pattern: 'newContext must not be blank.' },
    }),
  },
  { additionalProperties: false },
);

const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });

export const actionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/action/upload-description',
    {
      schema: { body: UploadDescriptionBody, response: { 200: MessageResponse } },
      // Anyone may submit, so bound how fast one address can fill the review queue.
      config: { rateLimit: { max: 10, timeWindow: 10 * 60 * 1000 } },
    },
    async (request) => {
      const { movieId, newContext } = request.body;
      const user = await request.currentUser();
      await app.db
        .insertInto('description_submissions')
        .values({
          id: newId(),
          movie_id: movieId,
          new_context: newContext.trim(),
          status: 'pending',
          user_id: user?.id ?? null,
          ip: request.ip,
          created_at: toTimestamp(),
        })
        .execute();
      return { success: true, message: DESCRIPTION_SUBMITTED_MESSAGE };
    },
  );
};
