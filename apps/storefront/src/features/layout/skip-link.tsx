/** Lets keyboard users jump past the header; visible only while focused. */
export function SkipLink() {
  return (
    <a href="#main-content" className="skip-link">
      Skip to main content
    </a>
  );
}
