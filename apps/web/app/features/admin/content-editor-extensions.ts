import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/**
 * What the console's rich-text editor can write: exactly the allow-list's kinds of text
 * (`@souq/contracts/rich-text`): paragraphs and line breaks, bold, italic, underline, strike-through,
 * headings 2–4, bulleted and numbered lists, quotes, rules and links (http, https, mailto, tel). Inline
 * code and code blocks are left out (the storefront would drop them). Links are written bare: the
 * allow-list marks those to other sites as such (`target`, `rel`) when the text is stored.
 */
export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      heading: { levels: [2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto', 'tel'],
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(url),
      },
    }),
  ];
}
