import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useSearchBox } from './search-box';

describe('useSearchBox (SPEC §4: the search settles 500 ms after the last keystroke)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the trimmed search once typing has stopped, and not for what the address says already', () => {
    const go = vi.fn();
    const { result } = renderHook(() => useSearchBox('', go));
    act(() => result.current.onChange('sa'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    act(() => result.current.onChange(' sal '));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(go).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(go).toHaveBeenCalledExactlyOnceWith('sal');
    expect(result.current.text).toBe(' sal ');
    act(() => result.current.onChange(''));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    // The address still says '' (go was a mock): nothing to ask.
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('shows a search the address takes otherwise (Back), unless typing is under way', () => {
    const go = vi.fn();
    const { result, rerender } = renderHook(({ current }) => useSearchBox(current, go), { initialProps: { current: 'a' } });
    rerender({ current: 'b' });
    expect(result.current.text).toBe('b');
    act(() => result.current.onChange('bc'));
    rerender({ current: 'x' });
    expect(result.current.text).toBe('bc');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(go).toHaveBeenCalledExactlyOnceWith('bc');
  });
});
