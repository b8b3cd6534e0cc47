import { afterEach, vi } from 'vitest';

// A console error during a test is a failure (ARCHITECTURE.md, Tests).
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) {
    const copy = errors.splice(0);
    throw new Error(`console.error was called: ${copy.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
