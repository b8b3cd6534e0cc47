import { describe, expect, it } from 'vitest';
import { changesOf } from './audit';

describe('changesOf', () => {
  it('keeps only the fields whose value changed, as [old, new]', () => {
    expect(changesOf({ name: 'A', price: 1000, colors: [{ id: 1 }] }, { name: 'A', price: 1200, colors: [{ id: 1 }] })).toEqual({
      price: [1000, 1200],
    });
  });

  it('records a create from nothing and a delete to nothing', () => {
    expect(changesOf({}, { name: 'A' })).toEqual({ name: [null, 'A'] });
    expect(changesOf({ name: 'A' }, {}, ['name'])).toEqual({ name: ['A', null] });
  });

  it('never records a secret', () => {
    expect(changesOf({ password_hash: 'x' }, { password_hash: 'y' })).toEqual({ password_hash: ['[secret]', '[secret]'] });
  });
});
