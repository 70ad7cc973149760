import { RefreshIcon } from './icons.js';

/** The panel shown when data could not be loaded, with a retry that reports its progress. */
export function LoadError({ what, onRetry, retrying }: { readonly what: string; readonly onRetry: () => void; readonly retrying: boolean }) {
  return (
    <div className="state-panel state-panel--error" role="alert">
      <p className="state-panel__title">We couldn't load {what}.</p>
      <p>Please check your connection and try again.</p>
      <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying}>
        <RefreshIcon width={18} height={18} />
        {retrying ? 'Retrying...' : 'Try Again'}
      </button>
    </div>
  );
}
