import { RICH_TEXT_SANITIZE_OPTIONS, RICH_TEXT_TAGS } from '@souq/contracts/rich-text';
import { Editor, type JSONContent } from '@tiptap/core';
import sanitizeHtml from 'sanitize-html';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './content-editor-extensions';

/** The storefront's allow-list, as the API applies it when the text is stored (decision 022). */
const allowList = (html: string) => sanitizeHtml(html, RICH_TEXT_SANITIZE_OPTIONS as sanitizeHtml.IOptions);

const editors: Editor[] = [];
const editorWith = (content: string) => {
  const e = new Editor({ extensions: editorExtensions(), content });
  editors.push(e);
  return e;
};
afterEach(() => {
  while (editors.length) editors.pop()!.destroy();
});

/** The document without the link attributes the allow-list adds to links to other sites. */
const withoutLinkTargets = (doc: JSONContent): JSONContent =>
  JSON.parse(JSON.stringify(doc, (key, value) => (key === 'target' || key === 'rel' || key === 'class' ? undefined : value)));

/** Every element of some HTML as `tag[attr,attr]`, in document order. */
function elements(html: string): string[] {
  const root = document.createElement('div');
  root.innerHTML = html;
  return [...root.querySelectorAll('*')].map((el) => `${el.tagName.toLowerCase()}[${el.getAttributeNames().sort().join(',')}]`);
}

describe('the console’s rich-text editor and the allow-list (decision 040)', () => {
  it('writes only what the allow-list keeps: bold text and a link survive the allow-list unchanged', () => {
    const e = editorWith('<p>Frankincense from Dhofar</p>');
    e.chain().selectAll().toggleBold().run();
    e.chain().setTextSelection({ from: 1, to: 13 }).setLink({ href: 'https://souq.om/blogs' }).run();
    const html = e.getHTML();
    expect(html).toContain('<strong>');
    expect(html).toContain('href="https://souq.om/blogs"');
    const kept = allowList(html);
    // Nothing the editor wrote was dropped: the same elements, text and links (the allow-list only adds
    // target and rel to a link to another site).
    expect(elements(kept).map((x) => x.replace(/,?rel|,?target/g, '').replace('[,', '['))).toEqual(elements(html));
    expect(kept).toContain('target="_blank" rel="noopener noreferrer nofollow"');
    // And read back into the editor, the stored text is the same document.
    expect(withoutLinkTargets(editorWith(kept).getJSON())).toEqual(withoutLinkTargets(e.getJSON()));
  });

  it('every kind of text the toolbar makes is on the allow-list and round-trips', () => {
    const e = editorWith('<p>start</p>');
    e.chain()
      .setContent(
        '<h2>Heading</h2><h3>Sub</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br>line</p>' +
          '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>quote</p></blockquote><hr>' +
          '<p><a href="/about-us">own page</a> <a href="mailto:help@souq.om">mail</a></p>',
      )
      .run();
    const html = e.getHTML();
    const tags = new Set(elements(html).map((x) => x.slice(0, x.indexOf('['))));
    for (const tag of tags) expect(RICH_TEXT_TAGS as readonly string[], tag).toContain(tag);
    const kept = allowList(html);
    expect(withoutLinkTargets(editorWith(kept).getJSON())).toEqual(withoutLinkTargets(e.getJSON()));
  });

  it('cannot produce what the allow-list drops: code, h1, scripts and javascript: links go in the editor already', () => {
    const e = editorWith(
      '<h1>Big</h1><p><code>x()</code><a href="javascript:alert(1)">bad</a><span onclick="alert(2)">s</span></p>' +
        '<pre><code>block</code></pre><script>alert(3)</script>',
    );
    const html = e.getHTML();
    expect(html).not.toMatch(/<h1|<code|<pre|<script|javascript:|onclick/i);
    expect(allowList(html)).toBe(allowList(allowList(html)));
    // A javascript: link cannot be set from the toolbar either.
    e.chain().selectAll().setLink({ href: 'javascript:alert(1)' }).run();
    expect(e.getHTML()).not.toContain('javascript:');
  });
});
