import { cleanup, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '~/shared/api';
import { type FieldErrors, showSubmitErrors } from './form';
import { dismissToast, toast } from './toast';

afterEach(() => {
  cleanup();
  toast.list().forEach((t) => dismissToast(t.id));
});

/**
 * A form with two fields whose errors come only from showSubmitErrors, called as a submit handler does:
 * after an await. `seen` records which field is marked invalid in the DOM right when it returns.
 */
const seen: (string | null)[] = [];
function Probe({ failWith }: { failWith: unknown }) {
  const ref = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <form ref={ref} data-testid="form">
      <input name="subject" aria-invalid={errors.subject ? true : undefined} />
      <input name="message" aria-invalid={errors.message ? true : undefined} />
      <output data-testid="errors">{JSON.stringify(errors)}</output>
      <button
        type="button"
        onClick={async () => {
          await Promise.resolve();
          showSubmitErrors(failWith, ref.current, setErrors);
          seen.push(ref.current?.querySelector('[aria-invalid="true"]')?.getAttribute('name') ?? null);
        }}
      >
        send
      </button>
    </form>
  );
}

describe('showSubmitErrors', () => {
  it('renders a 422’s first message per field at once, and focuses the first refused field', async () => {
    const error = new ApiError(422, 'invalid', { message: ['Too short.', 'Second.'] });
    const view = render(<Probe failWith={error} />);
    seen.length = 0;
    view.getByRole('button').click();
    await new Promise((r) => requestAnimationFrame(r));
    // Rendered at once (flushSync), not at React's next turn: the field was marked when the call returned.
    expect(seen).toEqual(['message']);
    expect(view.getByTestId('errors').textContent).toBe('{"message":"Too short."}');
    expect(document.activeElement?.getAttribute('name')).toBe('message');
    expect(toast.list()).toEqual([]);
  });

  it('toasts anything else and leaves the fields alone', async () => {
    const view = render(<Probe failWith={new ApiError(429, 'Too many requests.')} />);
    view.getByRole('button').click();
    await new Promise((r) => setTimeout(r, 0));
    expect(view.getByTestId('errors').textContent).toBe('{}');
    expect(toast.list().map((t) => t.content)).toEqual(['Too many requests.']);
  });
});
