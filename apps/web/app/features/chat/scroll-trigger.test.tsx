import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTopTrigger } from './message-view';

const at = (scrollTop: number) => ({ scrollTop }) as HTMLElement;

describe('useTopTrigger (SPEC §9: older page under the threshold, 500 ms debounce, guard cleared after 1 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once, 500 ms after the last scroll under the threshold', () => {
    const onTrigger = vi.fn();
    const { result } = renderHook(() => useTopTrigger(50, true, onTrigger));
    act(() => result.current(at(120)));
    act(() => vi.advanceTimersByTime(600));
    expect(onTrigger).not.toHaveBeenCalled();
    act(() => result.current(at(40)));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current(at(10)));
    act(() => vi.advanceTimersByTime(499));
    expect(onTrigger).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onTrigger).toHaveBeenCalledTimes(1);
  });

  it('stays off for 1 s after asking, then can ask again', () => {
    const onTrigger = vi.fn();
    const { result } = renderHook(() => useTopTrigger(300, true, onTrigger));
    act(() => result.current(at(0)));
    act(() => vi.advanceTimersByTime(500));
    expect(onTrigger).toHaveBeenCalledTimes(1);
    act(() => result.current(at(0)));
    act(() => vi.advanceTimersByTime(400));
    expect(onTrigger).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(700));
    act(() => result.current(at(0)));
    act(() => vi.advanceTimersByTime(500));
    expect(onTrigger).toHaveBeenCalledTimes(2);
  });

  it('does nothing while disabled (loading, or no older page)', () => {
    const onTrigger = vi.fn();
    const { result } = renderHook(() => useTopTrigger(50, false, onTrigger));
    act(() => result.current(at(0)));
    act(() => vi.advanceTimersByTime(2000));
    expect(onTrigger).not.toHaveBeenCalled();
  });
});
