/** A polite status region: screen readers announce its text when it changes. */
export function LiveRegion({ message, assertive = false }: { message: string; assertive?: boolean }) {
  return (
    <div className="visually-hidden" role={assertive ? 'alert' : 'status'} aria-live={assertive ? 'assertive' : 'polite'}>
      {message}
    </div>
  );
}
