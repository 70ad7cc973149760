import { Link } from 'react-router-dom';

/** What an account page shows a signed-out visitor: the spec's prompt and the way to sign in. */
export function SignInPrompt({ message }: { readonly message: string }) {
  return (
    <div className="state-panel account-prompt">
      <p className="state-panel__title">{message}</p>
      <Link to="/auth" className="button button--primary">
        Sign In
      </Link>
    </div>
  );
}

/** Shown while the session is being restored, so neither the page nor the prompt flashes. */
export function SessionPending() {
  return (
    <p className="state-message account-pending" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading...
    </p>
  );
}
