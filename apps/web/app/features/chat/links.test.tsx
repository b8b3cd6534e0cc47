import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageParts, safeHref } from './links';
import { MessageText } from './message-view';

describe('messageParts', () => {
  it('keeps plain text as one text part', () => {
    expect(messageParts('Is this in stock?')).toEqual([{ kind: 'text', text: 'Is this in stock?' }]);
  });

  it('makes http and https addresses links, leaving the text around them', () => {
    expect(messageParts('See https://souq.om/products/12/details and http://example.com/a?b=1#c now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://souq.om/products/12/details', href: 'https://souq.om/products/12/details' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://example.com/a?b=1#c', href: 'http://example.com/a?b=1#c' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves sentence punctuation and an unmatched bracket outside the link', () => {
    expect(messageParts('(see https://souq.om/x).')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://souq.om/x', href: 'https://souq.om/x' },
      { kind: 'text', text: ').' },
    ]);
    expect(messageParts('https://en.wikipedia.org/wiki/Muscat_(city), ok')[0]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Muscat_(city)',
      href: 'https://en.wikipedia.org/wiki/Muscat_(city)',
    });
    expect(messageParts('الرابط: https://souq.om/ar،')).toEqual([
      { kind: 'text', text: 'الرابط: ' },
      { kind: 'link', text: 'https://souq.om/ar', href: 'https://souq.om/ar' },
      { kind: 'text', text: '،' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@b.om', 'ftp://souq.om/file', 'www.souq.om']) {
      expect(messageParts(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
    expect(safeHref('https://souq.om')).toBe('https://souq.om/');
  });

  it('stops an address at markup characters, so a quote cannot reach an attribute', () => {
    expect(messageParts('https://souq.om/"onmouseover="x')).toEqual([
      { kind: 'link', text: 'https://souq.om/', href: 'https://souq.om/' },
      { kind: 'text', text: '"onmouseover="x' },
    ]);
    expect(messageParts('https://souq.om/<script>')[0]).toEqual({
      kind: 'link',
      text: 'https://souq.om/',
      href: 'https://souq.om/',
    });
  });
});

describe('MessageText', () => {
  it('shows markup as the characters typed, and links open in a new tab without opener', () => {
    const typed = '<script>window.hacked=1</script> <img src=x onerror="window.hacked=2"> https://souq.om/shops/3';
    const { container } = render(
      <p>
        <MessageText text={typed} />
      </p>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe(typed);
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://souq.om/shops/3');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
