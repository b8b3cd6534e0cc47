import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Dropdown } from './dropdown';

afterEach(cleanup);

/** The drop-down in a layout that stays across navigations, as the site header does. */
function Layout() {
  return (
    <>
      <Dropdown summary="Categories" testId="dd" summaryTestId="dd-summary">
        <Link to="/other">Other</Link>
      </Dropdown>
      <Outlet />
    </>
  );
}

const Stub = createRoutesStub([
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, Component: () => <p data-testid="outside">home</p> },
      { path: 'other', Component: () => <p data-testid="outside">other</p> },
    ],
  },
]);

const details = () => screen.getByTestId('dd') as HTMLDetailsElement;

describe('Dropdown', () => {
  it('is a <details> whose <summary> toggles it without script of ours', async () => {
    render(<Stub initialEntries={['/']} />);
    await screen.findByTestId('dd');
    expect(details().tagName).toBe('DETAILS');
    expect(screen.getByTestId('dd-summary').tagName).toBe('SUMMARY');
    expect(details().open).toBe(false);
  });

  it('once hydrated, closes on Escape (focus back on the summary), on a press outside and on navigation', async () => {
    render(<Stub initialEntries={['/']} />);
    await screen.findByTestId('dd');
    details().open = true;
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(details().open).toBe(false);
    expect(document.activeElement).toBe(screen.getByTestId('dd-summary'));

    details().open = true;
    fireEvent.pointerDown(screen.getByText('Other'));
    expect(details().open).toBe(true);
    fireEvent.pointerDown(screen.getByTestId('outside'));
    expect(details().open).toBe(false);

    details().open = true;
    const same = details();
    await act(async () => fireEvent.click(screen.getByText('Other')));
    expect(screen.getByTestId('outside').textContent).toBe('other');
    expect(details()).toBe(same);
    expect(details().open).toBe(false);
  });
});
