import type { ReactNode } from 'react';
import { BrandLink } from '../layout/site-header.js';

/** The calm, centred frame of the sign-in and reset-password screens. */
export function AuthLayout({ children }: { readonly children: ReactNode }) {
  return (
    <main className="auth-page">
      <BrandLink />
      {children}
    </main>
  );
}
