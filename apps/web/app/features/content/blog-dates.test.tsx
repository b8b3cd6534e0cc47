import type { BlogDetail } from '@souq/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '~/shared/dates';
import { BlogMeta } from './blog';
import { articleJsonLd } from './seo';

vi.mock('~/shared/site', () => ({
  useSite: () => ({ t: (k: string, v?: { name?: string }) => (v?.name ? `${k}:${v.name}` : k), locale: 'en' }),
}));

afterEach(cleanup);

// The API answers the original web client's display date in `created_at` and the author as an object
// (decision 024, issue 42); our pages read the instant from `created_at_iso` and the name from `post_by.name`.
const blog: BlogDetail = {
  id: 7,
  title: 'The Story of Dhofari Frankincense',
  slug: 'the-story-of-dhofari-frankincense',
  category: { id: 1, name: 'Omani Heritage', slug: 'omani-heritage' },
  post_by: { name: 'Salim Al-Harthy', profile_photo: '/api/media/default-avatar.svg' },
  thumbnail: null,
  total_views: 12,
  description: '<p>For more than five thousand years…</p>',
  created_at: '26 Nov, 2026',
  created_at_iso: '2026-11-25T21:30:00.000Z',
  excerpt: 'For more than five thousand years…',
  tags: [],
  related_products: [],
};

describe("a blog post's date and author", () => {
  it('the meta line shows the date of created_at_iso (Oman time) and the author name', () => {
    render(<BlogMeta blog={blog} />);
    const time = screen.getByText(formatDate(blog.created_at_iso, 'en'));
    expect(time.getAttribute('datetime')).toBe('2026-11-25T21:30:00.000Z');
    // 21:30 UTC is already the next day in Muscat.
    expect(time.textContent).toBe('26 Nov 2026');
    expect(screen.getByText('blog.by:Salim Al-Harthy')).toBeTruthy();
  });

  it('the article data carries the instant and the author name, never the display date', () => {
    const ld = articleJsonLd('https://souq.example', blog, {
      name: 'Souq',
      logo: null,
      locale: 'en',
      url: 'https://souq.example/blog/x',
    });
    expect(ld.datePublished).toBe('2026-11-25T21:30:00.000Z');
    expect(ld.dateModified).toBe('2026-11-25T21:30:00.000Z');
    expect(ld.author).toEqual({ '@type': 'Person', name: 'Salim Al-Harthy' });
  });
});
