import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginDialog } from './login-dialog';

/** The environment /api/master announces (APP_ENV): the only thing the test changes. */
let appEnvironment = 'local';
vi.mock('~/shared/site', () => ({
  useSite: () => ({ t: (k: string) => k, locale: 'en', master: { app_environment: appEnvironment, social_auths: {} } }),
  useT: () => (k: string) => k,
}));
vi.mock('./social', () => ({ SocialButtons: () => null }));
// The native <dialog> (showModal) is not jsdom's: the form is rendered as if open.
vi.mock('~/shared/ui/dialog', () => ({ Dialog: ({ children }: { children: ReactNode }) => <div>{children}</div> }));

function renderDialog(environment: string) {
  appEnvironment = environment;
  const Stub = createRoutesStub([{ path: '/', Component: LoginDialog }]);
  const { container } = render(<Stub initialEntries={['/']} />);
  const field = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`)!;
  return { phone: field('login-phone').value, password: field('login-password').value };
}

afterEach(cleanup);

describe('the login form (issue 38: no prefilled form outside the local environment)', () => {
  it('is prefilled with the demo customer when the API announces APP_ENV=local', () => {
    expect(renderDialog('local')).toEqual({ phone: '91234567', password: 'password' });
  });

  it.each(['production', 'staging', 'test'])('is empty with APP_ENV=%s', (environment) => {
    expect(renderDialog(environment)).toEqual({ phone: '', password: '' });
  });
});
