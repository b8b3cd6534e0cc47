import { useEffect, useRef, useState } from 'react';

/** SPEC §4: an inbox's search settles 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The search box of a list whose search is in the address (`current`): what is typed goes to `go`
 * (trimmed) once it has not changed for SEARCH_DEBOUNCE_MS, unless the address already says it; an
 * address that changes otherwise (Back, a link) puts its search in the box, unless typing is under way.
 */
export function useSearchBox(current: string, go: (search: string) => void) {
  const [text, setText] = useState(current);
  const [followed, setFollowed] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ current, go });
  latest.current = { current, go };

  if (followed !== current) {
    setFollowed(current);
    if (!timer.current && text.trim() !== current) setText(current);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const search = value.trim();
      if (search !== latest.current.current) latest.current.go(search);
    }, SEARCH_DEBOUNCE_MS);
  };

  return { text, onChange };
}
