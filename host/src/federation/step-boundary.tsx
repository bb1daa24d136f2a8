import { Component, type ReactNode } from 'react';

/**
 * Layer 3: an error boundary around every step. A remote that throws while rendering
 * shows the retryable message; the header, footer and pop-ups keep working.
 */
export class StepBoundary extends Component<
  { fallback: (reset: () => void, error: unknown) => ReactNode; resetKey: string; children: ReactNode },
  { failed: boolean; key: string; error: unknown }
> {
  override state: { failed: boolean; key: string; error: unknown } = { failed: false, key: this.props.resetKey, error: null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    // Moving to another step clears a previous step's failure.
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey, error: null } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error('step failed to render', error);
  }

  reset = () => this.setState({ failed: false, error: null });

  override render() {
    return this.state.failed ? this.props.fallback(this.reset, this.state.error) : this.props.children;
  }
}
