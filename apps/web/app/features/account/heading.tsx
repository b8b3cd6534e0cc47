import type { ReactNode } from 'react';

/** Title row of an account screen (the seller's screens use it too). */
export function AccountHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="acc-heading">
      <h1 className="acc-heading__title">{title}</h1>
      {children ? <div className="acc-heading__actions">{children}</div> : null}
    </div>
  );
}
