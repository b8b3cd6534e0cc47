/**
 * souq/no-api-in-effect (issue 35, decision 036): a screen's data comes from React Router (loaders,
 * actions, fetchers), never from an API call started by an effect. Inside the callback of useEffect,
 * useLayoutEffect or useInsertionEffect (and every function written inside it: promise chains,
 * subscription handlers, timers), the rule reports a call to
 *   - `fetch` (or `window.fetch`, `globalThis.fetch`);
 *   - anything imported from an API module: a specifier whose last part is `api` or ends in `-api`
 *     (`~/shared/api`, `./api`, `./tickets-api`), or one named in the `modules` option;
 *   - a function of the same file that makes such a call itself, however deep (a `load` written with
 *     useCallback, a helper function), found by following the file's own declarations;
 *   - any other call whose promise the effect starts and lets go (`void f()`, `f().then(…)`, `await f()`)
 *     when `f` comes from elsewhere (another file, a hook's result, a parameter) and is not the router's
 *     (`load`, `submit`, `revalidate`, `navigate`): the rule cannot see whether it reaches the API.
 * Realtime handlers ask the router instead (`revalidate()`, `fetcher.load()`), which the rule allows.
 * The two kinds of call an effect may start (realtime subscriptions, fire-and-forget beacons) say so
 * with `// eslint-disable-next-line souq/no-api-in-effect -- <why>`.
 */
const EFFECTS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect']);
const API_MODULE = /(^|\/)([\w.-]+-)?api$/;

/** @type {import('eslint').Rule.RuleModule} */
export const noApiInEffect = {
  meta: {
    type: 'problem',
    docs: { description: 'No API call starts from a React effect: load in a loader, change in an action.' },
    schema: [
      { type: 'object', properties: { modules: { type: 'array', items: { type: 'string' } } }, additionalProperties: false },
    ],
    messages: {
      async:
        '{{name}} starts asynchronous work from an effect that the rule cannot see into. If it reaches the API, load it in a loader (or fetcher.load) or change it in an action; if not (code loading, a beacon), say why in an eslint-disable comment.',
      call: '{{name}} calls the API from an effect. Load it in a clientLoader (or fetcher.load), change it in a clientAction, and let realtime handlers call revalidate().',
    },
  },
  create(context) {
    const extra = new Set(context.options[0]?.modules ?? []);
    const isApiModule = (source) => API_MODULE.test(source) || extra.has(source);
    /** Names imported from API modules. */
    const imported = new Set();
    /** Local function-valued declarations: name → body node. */
    const locals = new Map();
    /** Effect callbacks, checked once the whole file is read (declarations may come after). */
    const effects = [];

    const functionOf = (init) => {
      if (!init) return null;
      if (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') return init;
      // useCallback(fn, deps), useMemo(() => fn, deps) and the like: the first function argument.
      if (init.type === 'CallExpression') return init.arguments.find((a) => functionOf(a)) ?? null;
      return null;
    };

    /** Every call in a subtree (functions inside it included). */
    function callsIn(node, found = []) {
      const stack = [node];
      while (stack.length) {
        const n = stack.pop();
        if (!n || typeof n.type !== 'string') continue;
        if (n.type === 'CallExpression' || n.type === 'NewExpression') found.push(n);
        for (const key of Object.keys(n)) {
          if (key === 'parent') continue;
          const v = n[key];
          if (Array.isArray(v)) for (const c of v) stack.push(c);
          else if (v && typeof v.type === 'string') stack.push(v);
        }
      }
      return found;
    }

    const calleeName = (call) => {
      const c = call.callee;
      if (c.type === 'Identifier') return c.name;
      if (c.type === 'MemberExpression' && !c.computed && c.property.type === 'Identifier') {
        if (c.object.type === 'Identifier' && ['window', 'globalThis', 'self'].includes(c.object.name)) return c.property.name;
        // void promise.then(...): the callee is `.then`, its object is checked as a call of its own.
      }
      return null;
    };

    /**
     * A call whose promise the effect starts and lets go (`void f()`, `f().then(…)`, `await f()`) to a
     * function the rule cannot look into (imported from elsewhere, handed in): it may reach the API. The
     * router's own calls (a fetcher's load and submit, revalidate, navigate) are what effects should start.
     */
    const ROUTER = new Set(['load', 'submit', 'revalidate', 'navigate']);
    function startsWork(call) {
      if (call.type !== 'CallExpression') return false;
      const parent = call.parent;
      const floating =
        (parent?.type === 'UnaryExpression' && parent.operator === 'void') ||
        parent?.type === 'AwaitExpression' ||
        (parent?.type === 'MemberExpression' &&
          parent.object === call &&
          parent.property.type === 'Identifier' &&
          ['then', 'catch', 'finally'].includes(parent.property.name));
      if (!floating) return false;
      const c = call.callee;
      const last =
        c.type === 'Identifier'
          ? c.name
          : c.type === 'MemberExpression' && c.property.type === 'Identifier'
            ? c.property.name
            : null;
      if (last !== null && ROUTER.has(last)) return false;
      // The file's own functions were followed above: they start no API call.
      if (c.type === 'Identifier' && locals.has(c.name)) return false;
      // A promise chain's own steps (`.then(…).catch(…)`) are not new work.
      if (
        c.type === 'MemberExpression' &&
        c.property.type === 'Identifier' &&
        ['then', 'catch', 'finally'].includes(c.property.name)
      )
        return false;
      return true;
    }
    const describe = (call) => {
      const text = context.sourceCode.getText(call.callee).split('\n')[0];
      return text.length > 40 ? `${text.slice(0, 40)}…` : text;
    };

    /** Whether calling `name` reaches the API: memoised, cycles answer false. */
    const memo = new Map();
    function reaches(name) {
      if (name === 'fetch' || imported.has(name)) return true;
      if (!locals.has(name)) return false;
      if (memo.has(name)) return memo.get(name);
      memo.set(name, false);
      const result = callsIn(locals.get(name)).some((call) => {
        const n = calleeName(call);
        return n !== null && reaches(n);
      });
      memo.set(name, result);
      return result;
    }

    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !isApiModule(String(node.source.value))) return;
        for (const s of node.specifiers) if (s.importKind !== 'type') imported.add(s.local.name);
      },
      FunctionDeclaration(node) {
        if (node.id) locals.set(node.id.name, node.body);
      },
      VariableDeclarator(node) {
        const fn = node.id.type === 'Identifier' ? functionOf(node.init) : null;
        if (fn) locals.set(node.id.name, fn.body);
      },
      CallExpression(node) {
        const name =
          node.callee.type === 'Identifier'
            ? node.callee.name
            : node.callee.type === 'MemberExpression' && node.callee.property.type === 'Identifier'
              ? node.callee.property.name
              : null;
        if (name && EFFECTS.has(name) && node.arguments[0]) effects.push(node.arguments[0]);
      },
      'Program:exit'() {
        for (const effect of effects) {
          for (const call of callsIn(effect)) {
            const name = calleeName(call);
            if (name !== null && reaches(name)) context.report({ node: call, messageId: 'call', data: { name } });
            else if (startsWork(call)) context.report({ node: call, messageId: 'async', data: { name: describe(call) } });
          }
        }
      },
    };
  },
};

export default { rules: { 'no-api-in-effect': noApiInEffect } };
