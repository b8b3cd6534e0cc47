import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeBoxes, useCountdown } from './code-boxes';

vi.mock('~/shared/site', () => ({
  useSite: () => ({ t: (key: string) => key, locale: 'en', master: {} }),
}));

afterEach(cleanup);

function Harness() {
  const [digits, setDigits] = useState(['', '', '', '']);
  const ref = useRef<HTMLInputElement>(null);
  return <CodeBoxes digits={digits} onChange={setDigits} boxRef={ref} />;
}
const box = (i: number) => screen.getByTestId(`code-box-${i}`) as HTMLInputElement;
const values = () => [0, 1, 2, 3].map((i) => box(i).value).join('');

describe('code boxes', () => {
  it('moves forward on entry and back on Backspace in an empty box', () => {
    render(<Harness />);
    expect(box(0).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(0).getAttribute('inputmode')).toBe('numeric');
    box(0).focus();
    fireEvent.change(box(0), { target: { value: '4' } });
    expect(document.activeElement).toBe(box(1));
    fireEvent.change(box(1), { target: { value: 'x' } });
    expect(values()).toBe('4');
    fireEvent.keyDown(box(1), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(0));
    expect(values()).toBe('');
  });

  it('fills every box from a paste or a one-time-code autofill', () => {
    render(<Harness />);
    fireEvent.paste(box(0), { clipboardData: { getData: () => ' 12-34 ' } });
    expect(values()).toBe('1234');
    expect(document.activeElement).toBe(box(3));
    fireEvent.change(box(0), { target: { value: '9876' } });
    expect(values()).toBe('9876');
  });
});

describe('resend countdown', () => {
  it('counts 60 s down from the last send, and allows a resend at once when none is on record', () => {
    vi.useFakeTimers();
    const sentAt = Date.now();
    const { result, rerender } = renderHook(({ at }) => useCountdown(at, true), { initialProps: { at: sentAt } });
    expect(result.current).toBe(60);
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current).toBe(30);
    act(() => vi.advanceTimersByTime(31_000));
    expect(result.current).toBe(0);
    rerender({ at: 0 });
    expect(result.current).toBe(0);
    vi.useRealTimers();
  });
});
