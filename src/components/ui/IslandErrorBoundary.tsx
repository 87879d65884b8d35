import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Wraps every island: a rendering error replaces only the island with the spec's message and a
 * refresh button, instead of blanking it (the rest of the page is static HTML and stays).
 */
export default class IslandErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[marcador] island failed', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-line bg-surface px-4 py-6 text-center">
        <p className="font-semibold text-fg">Algo salió mal</p>
        <p className="mt-1 text-sm text-muted">Ocurrió un error inesperado. Por favor, actualiza la página e intenta de nuevo.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand px-4 text-sm font-semibold text-on-brand hover:opacity-90"
        >
          Actualizar página
        </button>
      </div>
    );
  }
}

/** An island's component inside its own boundary: what each island exports for Astro to mount. */
export function guarded<P extends object>(Island: ComponentType<P>): (props: P) => ReactNode {
  return function Guarded(props: P) {
    return (
      <IslandErrorBoundary>
        <Island {...props} />
      </IslandErrorBoundary>
    );
  };
}
