import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, ToastContainer, TOAST_MAX } from './toast';

afterEach(() => {
  toast.list().forEach((t) => dismissToast(t.id));
  vi.useRealTimers();
});

describe('toasts', () => {
  it('keeps at most 20, dropping the oldest', () => {
    for (let i = 0; i < 25; i++) toast.info(`n${i}`);
    const list = toast.list();
    expect(list).toHaveLength(TOAST_MAX);
    expect(list[0]!.content).toBe('n5');
  });

  it('closes success toasts after 3 s and others after 5 s', () => {
    vi.useFakeTimers();
    render(<ToastContainer closeLabel="close" />);
    act(() => {
      toast.success('saved');
      toast.error('failed');
    });
    expect(screen.getByRole('status').textContent).toContain('saved');
    expect(screen.getByRole('alert').textContent).toContain('failed');
    act(() => vi.advanceTimersByTime(3001));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
