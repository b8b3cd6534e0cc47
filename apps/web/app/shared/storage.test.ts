import { describe, expect, it } from 'vitest';
import { localeCookie, writeLocaleCookie } from './storage';

describe('the locale cookie', () => {
  it('is Secure on a page served over https, and not over http (where a Secure cookie would be dropped)', () => {
    expect(localeCookie('en', true)).toBe('locale=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(localeCookie('ar', false)).toBe('locale=ar; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('is written for the page it is on (jsdom serves http://localhost)', () => {
    writeLocaleCookie('en');
    expect(document.cookie).toContain('locale=en');
  });
});
