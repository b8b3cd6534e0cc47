import { type Compilable, type CompiledQuery, sql } from 'kysely';
import type { DbOrTrx, Dialect } from './index';

/**
 * The hottest statements (a page of product cards, a cart's lines, a signed-in request's token) built by
 * Kysely once per dialect and run from then on with new values: building and compiling a query through
 * the query builder cost 10–15 % of the server's CPU per catalogue or cart answer, and the same SQL text
 * object each time makes the prepared-statement lookups cheap (the text's hash is kept with it).
 *
 * `build` receives `slots`: `slots.name` stands for the value `args.name` of each run. A slot must be a
 * bound value (Kysely makes every value a parameter); a list goes in as one value through `inList`, so
 * that the text does not depend on the list's length.
 */
export function compiledOnce<A extends Record<string, unknown>, R>(
  build: (db: DbOrTrx, dialect: Dialect, slots: Readonly<A>) => Compilable<R>,
): (db: DbOrTrx, dialect: Dialect, args: A) => Promise<R[]> {
  const byDialect = new Map<Dialect, { query: CompiledQuery<R>; positions: Array<[number, keyof A]> }>();
  return async (db, dialect, args) => {
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      compiled = compile(build, db, dialect);
      byDialect.set(dialect, compiled);
    }
    const parameters = compiled.query.parameters.slice();
    for (const [i, name] of compiled.positions) parameters[i] = args[name];
    const { rows } = await db.executeQuery<R>({ ...compiled.query, parameters });
    return rows;
  };
}

class Slot {
  constructor(readonly name: string) {}
}

function compile<A extends Record<string, unknown>, R>(
  build: (db: DbOrTrx, dialect: Dialect, slots: Readonly<A>) => Compilable<R>,
  db: DbOrTrx,
  dialect: Dialect,
) {
  const asked = new Set<string>();
  const slots = new Proxy({} as Readonly<A>, {
    get: (_, name) => {
      asked.add(String(name));
      return new Slot(String(name));
    },
  });
  const query = build(db, dialect, slots).compile();
  const positions = query.parameters.flatMap((v, i): Array<[number, keyof A]> => (v instanceof Slot ? [[i, v.name]] : []));
  const bound = new Set(positions.map(([, name]) => String(name)));
  const unbound = [...asked].filter((name) => !bound.has(name));
  if (unbound.length) throw new Error(`compiledOnce: ${unbound.join(', ')} did not become bound values`);
  return { query, positions };
}

/**
 * `column IN (list)` with the whole list as one bound value: a JSON array read by `json_each` on SQLite,
 * an array on PostgreSQL (`= ANY`). Pass the list through `listValue`.
 */
export const inList = (dialect: Dialect, column: string, list: unknown) =>
  dialect === 'sqlite'
    ? sql<boolean>`${sql.ref(column)} IN (SELECT value FROM json_each(${list}))`
    : sql<boolean>`${sql.ref(column)} = ANY(${list})`;

/** The rows of a list passed as one value (through `listValue`), as a subquery's single column. */
export const listRows = (dialect: Dialect, list: unknown) =>
  dialect === 'sqlite' ? sql`SELECT value FROM json_each(${list})` : sql`SELECT unnest(${list}::int[])`;

export const listValue = (dialect: Dialect, values: readonly number[]): unknown =>
  dialect === 'sqlite' ? JSON.stringify(values) : values;
