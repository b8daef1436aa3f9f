import { lazy, Suspense, type ComponentType } from "react";

/**
 * A panel whose code the browser loads only when a page first shows it (docs/architecture.md#deferred-panels).
 * The server renders it in place from `rendered` (imported through a `*.server` module, which the browser
 * build leaves empty), inside a Suspense boundary; the browser gets `load` as a chunk of its own. A page
 * that opens with the panel shown keeps the server's HTML until the chunk has arrived and then hydrates
 * it; a panel opened later renders once its chunk is loaded.
 */
export function deferred<P extends object>(rendered: ComponentType<P> | undefined, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Component = (rendered ?? lazy(() => load().then((component) => ({ default: component })))) as ComponentType<P>;
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
