import { describe, expect, it } from 'vitest';
import { sanitizeArticle } from './rich-text.server';

describe("sanitizeArticle (the loaders' last line of defence, decision 022)", () => {
  it('keeps the article and drops scripts, handlers and javascript: links whatever the API sent', () => {
    const html = sanitizeArticle(
      '<h2>Grades</h2><p>Hojari <strong>first</strong></p><script>steal()</script><img src="/uploads/a.png" onerror="steal()">' +
        '<a href="javascript:steal()">x</a><a href=" JAVASCRIPT:steal()">y</a><p style="color:red" onclick="steal()">z</p>' +
        '<a href="https://omantourism.gov.om">Visit</a><iframe src="https://evil.example"></iframe>',
    );
    expect(html).toBe(
      '<h2>Grades</h2><p>Hojari <strong>first</strong></p><img src="/uploads/a.png" /><a>x</a><a>y</a><p>z</p>' +
        '<a href="https://omantourism.gov.om" target="_blank" rel="noopener noreferrer nofollow">Visit</a>',
    );
    expect(sanitizeArticle(null)).toBe('');
  });
});
