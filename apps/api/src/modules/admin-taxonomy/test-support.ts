import type { FastifyInstance } from 'fastify';
import { createOperator } from '../admin';
import { issueToken } from '../auth';

/** A new operator's Authorization header (the console's tests). */
export async function operatorAuth(app: FastifyInstance, email: string, name: string) {
  const made = await createOperator(app.db, { email, name, password: 'console-test-pass-4821' }, new Date());
  if (!('id' in made)) throw new Error(made.problems.join(' '));
  return { authorization: `Bearer ${(await issueToken(app.db, 'operator', made.id)).token}` };
}
