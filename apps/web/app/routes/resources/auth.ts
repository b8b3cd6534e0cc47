import { authAction } from '~/features/auth/auth-data';

/** /resources/auth: the sign-in dialogs' action (login, registration, social sign-in, logout). */
export const clientAction = authAction;
