import { describe, expect, it } from 'vitest';
import { themeCss } from './theme';

const all = {
  primary: '#0f766e',
  primary50: '#f0fdfa',
  primary100: '#ccfbf1',
  primary200: '#99f6e4',
  primary300: '#5eead4',
  primary400: '#2dd4bf',
  primary500: '#14b8a6',
  primary600: '#0d9488',
  primary700: '#0f766e',
  primary800: '#115e59',
  primary900: '#134e4a',
  primary950: '#042f2e',
};

describe('themeCss', () => {
  it('declares the twelve variables when every colour is present', () => {
    const css = themeCss(all)!;
    expect(css).toContain('--primary:#0f766e');
    expect(css).toContain('--primary-50:#f0fdfa');
    expect(css).toContain('--primary-950:#042f2e');
    expect(css.match(/--primary/g)).toHaveLength(12);
  });

  it('applies nothing when one colour is missing', () => {
    const { primary500: _drop, ...partial } = all;
    expect(themeCss(partial)).toBeNull();
  });

  it('cannot break out of the style element', () => {
    expect(themeCss({ ...all, primary: 'red}</style><script>alert(1)</script>' })).not.toMatch(/[<>{}]\s*script|<\/style/);
  });
});
