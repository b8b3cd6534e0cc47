import { ForgotDialog, OtpDialog, ResetDialog } from './forgot-dialogs';
import { LoginDialog } from './login-dialog';
import { LogoutDialog } from './logout-dialog';
import { RegisterDialog } from './register-dialog';

/** Every sign-in dialog; mounted once by the chrome overlays. */
export function AuthOverlays() {
  return (
    <>
      <LoginDialog />
      <RegisterDialog />
      <ForgotDialog />
      <OtpDialog />
      <ResetDialog />
      <LogoutDialog />
    </>
  );
}
