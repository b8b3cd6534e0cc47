import { describe, expect, it } from 'vitest';
import { checkHideReason, reviewsHref, reviewsParams } from './reviews-data';

const t = (key: string) => key;

describe('the console’s reviews screen', () => {
  it('reads the search, stars, visibility and page, anything unknown as none', () => {
    expect(reviewsParams(new URLSearchParams('q=%20rude%20&rating=2&visibility=hidden&page=3'))).toEqual({
      search: 'rude',
      rating: 2,
      visibility: 'hidden',
      page: 3,
    });
    expect(reviewsParams(new URLSearchParams('rating=9&visibility=gone&page=-1'))).toEqual({
      search: '',
      rating: null,
      visibility: 'all',
      page: 1,
    });
    expect(reviewsParams(new URLSearchParams('rating=2.5')).rating).toBeNull();
    expect(reviewsParams(new URLSearchParams(`q=${'x'.repeat(300)}`)).search).toHaveLength(100);
  });

  it('writes only what differs from the first page of every review', () => {
    expect(reviewsHref({ search: '', rating: null, visibility: 'all', page: 1 })).toBe('/admin/reviews');
    expect(reviewsHref({ search: 'a b', rating: 1, visibility: 'visible', page: 2 })).toBe(
      '/admin/reviews?q=a+b&rating=1&visibility=visible&page=2',
    );
  });

  it('asks for a reason of at most 500 characters', () => {
    expect(checkHideReason('  ', t)).toEqual({ reason: 'admin.reviews.reason_required' });
    expect(checkHideReason('r'.repeat(501), t)).toEqual({ reason: 'admin.reviews.reason_too_long' });
    expect(checkHideReason(` ${'r'.repeat(500)} `, t)).toEqual({});
  });
});
