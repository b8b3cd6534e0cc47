import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Breadcrumbs } from './breadcrumbs';

vi.mock('~/shared/site', () => ({ useSite: () => ({ t: (k: string) => k, locale: 'en' }) }));

afterEach(cleanup);

async function trail(items: Array<{ name: string; href?: string }>) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <Breadcrumbs items={items} /> }]);
  render(<Stub initialEntries={['/']} />);
  return screen.findByRole('navigation', { name: 'catalog.breadcrumbs' });
}

describe('breadcrumbs', () => {
  it('links the steps with an address; only the last is the current page', async () => {
    const nav = await trail([{ name: 'Home', href: '/' }, { name: 'Perfumes', href: '/categories/perfumes' }, { name: 'Oud' }]);
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Perfumes']);
    expect(within(nav).getByText('Oud').getAttribute('aria-current')).toBe('page');
  });

  it('names a step without an address (a switched-off category) without making it the current page', async () => {
    const nav = await trail([{ name: 'Home', href: '/' }, { name: 'Perfumes' }, { name: 'Oud' }]);
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home']);
    expect(within(nav).getByText('Perfumes').getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByText('Oud').getAttribute('aria-current')).toBe('page');
  });
});
