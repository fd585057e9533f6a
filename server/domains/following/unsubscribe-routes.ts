/**
 * The e-mail digest's `List-Unsubscribe` URL (RFC 8058 one-click; domains/following/digest.ts,
 * docs/following.md). Mail providers POST to it — no cookie, no Origin, `List-Unsubscribe=One-Click`
 * as multipart or form-encoded — and the signed token in the URL alone says whose notification
 * e-mails stop: no session is read, so a cross-site request can do nothing the token's holder
 * could not. A GET never unsubscribes (mail scanners open every link): it shows a page saying
 * so, with a link to the notification settings.
 */
import { fastifyMultipart } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { sendError } from '../../http/errors';
import { requestLanguage, t, translate, type Language } from '../../i18n';
import { escapeHtml } from '../../infra/mail/templates';

import { stopEmails, verifyUnsubscribeToken } from '.';

const Query = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
/** What RFC 8058 has providers send; nothing in it is needed (the token authenticates), so nothing is required. */
const Body = Type.Union([
  Type.Object({ 'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 100, description: '"One-Click"' })) }),
  Type.Null(),
]);
const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** What a GET of the URL shows: nothing changed, and where the settings are. */
function unchangedPage(language: Language, settingsPath: string): string {
  const say = (key: Parameters<typeof translate>[1]) => escapeHtml(translate(language, key));
  return `<!DOCTYPE html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${say('following.oneClick.title')}</title></head>
<body>
<h1>${say('following.oneClick.title')}</h1>
<p>${say('following.oneClick.unchanged')}</p>
<p><a href="${escapeHtml(settingsPath)}">${say('following.oneClick.settings')}</a></p>
</body>
</html>
`;
}

export const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // In this plugin only: the two body types of RFC 8058 (multipart asked for, form-encoded allowed).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
  await app.register(fastifyMultipart, { attachFieldsToBody: 'keyValues', limits: { fields: 4, fieldSize: 100, files: 0, parts: 4 } });

  /** The user the token names, when it is one this site signed and the user still exists. */
  const userOf = async (token: string) => {
    const userId = await verifyUnsubscribeToken(app.db, token);
    return userId ? app.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst() : undefined;
  };

  app.post(
    '/notifications/unsubscribe/one-click',
    {
      attachValidation: true,
      config: { noStore: true },
      schema: {
        description:
          "The digest's List-Unsubscribe URL (RFC 8058 one-click): stops every notification e-mail of the user the signed token names. " +
          'No session and no Origin needed: the token authenticates.',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
        querystring: Query,
        body: Body,
        response: { 200: MessageResponse },
      },
    },
    async (request, reply) => {
      const user = await userOf(request.query.token);
      if (!user) return sendError(reply, 400, t(request, 'following.unsubscribeInvalid'));
      await stopEmails(app.db, user.id);
      return { success: true, message: t(request, 'following.unsubscribeDone') };
    },
  );

  app.get(
    '/notifications/unsubscribe/one-click',
    {
      attachValidation: true,
      config: { noStore: true },
      schema: {
        description:
          'The same URL opened (a mail scanner, or a mail client without one-click): changes nothing; ' +
          "a page says so and links to the user's notification settings (the edit profile page).",
        querystring: Query,
        response: {
          200: { description: 'An HTML page in the request\'s language', content: { 'text/html': { schema: Type.String() } } },
        },
      },
    },
    async (request, reply) => {
      const user = await userOf(request.query.token);
      if (!user) return sendError(reply, 400, t(request, 'following.unsubscribeInvalid'));
      return reply.type('text/html; charset=utf-8').send(unchangedPage(requestLanguage(request), `/profile/edit/${encodeURIComponent(user.id)}`));
    },
  );
};
