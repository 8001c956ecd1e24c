import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { routerDefaultError } from '../../../shared/first-screen-messages.ts';
import { Button } from '../../components/ui/button.tsx';

/** The error itself is logged by React, which reports every error a boundary catches (once). */
export function RouterErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : '';
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-bold">{routerDefaultError}</h1>
      {detail && <p className="text-slate-600">{detail}</p>}
      <Button variant="secondary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}

type BoundaryProps = { location: Location; children: ReactNode };
type BoundaryState = { location: Location; failed: boolean; error: unknown };

/**
 * The screens' error boundary (the data router's root errorElement did this): a screen that throws
 * while rendering, or whose code fails to load, gives way to the RouterErrorPage, and the next
 * navigation renders afresh.
 */
export class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { location: this.props.location, failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, failed: false, error: undefined };
  }

  render() {
    return this.state.failed ? <RouterErrorPage error={this.state.error} /> : this.props.children;
  }
}
