import { Component, type ReactNode } from 'react';

/**
 * A part whose code could not load (offline before it was cached) is left out: the result's
 * sentence stays, and the rest of the page works.
 */
export class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
