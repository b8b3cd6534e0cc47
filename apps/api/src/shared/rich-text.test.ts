import { describe, expect, it } from 'vitest';
import { plainExcerpt, sanitizeRichText } from './rich-text';

describe('sanitizeRichText (allow-list)', () => {
  it('keeps the article markup and drops scripts, handlers, styles, frames and unsafe URLs', () => {
    const out = sanitizeRichText(
      '<h2 class="x" style="color:red">Title</h2><p onmouseover="steal()">Text <strong>bold</strong> <em>it</em></p>' +
        '<ul><li>one</li></ul><script>steal()</script><style>p{}</style><iframe src="https://evil.example"></iframe>' +
        '<img src="https://cdn.example/a.png" alt="A" onerror="steal()"><img src="data:image/png;base64,AAAA">' +
        '<a href="javascript:steal()">js</a><a href=" jav&#x09;ascript:steal()">entity</a><a href="vbscript:x">vb</a>' +
        '<a href="data:text/html,<script>x</script>">data</a><form action="/x"><input name="q"></form><svg><script>x</script></svg>',
    );
    expect(out).toBe(
      '<h2>Title</h2><p>Text <strong>bold</strong> <em>it</em></p><ul><li>one</li></ul>' +
        '<img src="https://cdn.example/a.png" alt="A" /><img /><a>js</a><a>entity</a><a>vb</a><a>data</a>',
    );
  });

  it('opens links to other sites in a new tab without the opener, and leaves own links alone', () => {
    expect(sanitizeRichText('<a href="https://omantourism.gov.om" target="_self" rel="opener">Visit</a>')).toBe(
      '<a href="https://omantourism.gov.om" target="_blank" rel="noopener noreferrer nofollow">Visit</a>',
    );
    expect(sanitizeRichText('<a href="/blogs" target="_blank">Blog</a>')).toBe('<a href="/blogs">Blog</a>');
    expect(sanitizeRichText('<a href="mailto:care@souq.om">Mail</a>')).toBe('<a href="mailto:care@souq.om">Mail</a>');
  });

  it('is idempotent and answers an empty string for nothing', () => {
    const once = sanitizeRichText('<p>a &amp; b <a href="https://x.example">x</a></p>');
    expect(sanitizeRichText(once)).toBe(once);
    expect(sanitizeRichText(null)).toBe('');
  });
});

describe('plainExcerpt', () => {
  it('gives the text with blocks apart, entities decoded, scripts left out, cut at a word', () => {
    expect(plainExcerpt('<h2>Title</h2><p>One &amp; <b>two</b>:</p><script>no()</script><p>three</p>')).toBe(
      'Title One & two: three',
    );
    const long = `<p>${'word '.repeat(80)}</p>`;
    const cut = plainExcerpt(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
  });
});
