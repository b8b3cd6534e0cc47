import type { FastifyInstance } from 'fastify';

/**
 * In this plugin's scope an empty JSON body (a POST that sends nothing: update-last-seen, logout)
 * counts as {} instead of a 400; any other body is parsed by Fastify's own JSON parser.
 */
export function acceptEmptyJson(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return json(req, text, done);
  });
}
