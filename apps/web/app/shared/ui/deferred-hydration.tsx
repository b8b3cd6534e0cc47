import { Suspense, use, useEffect, useId, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * Server-rendered content whose hydration waits until it is needed (decision 009).
 *
 * On the first load of a document, React would hydrate the whole page in one go: hundreds of
 * milliseconds of script on a phone before anything below the first screen is looked at. Wrapped in
 * this, a section stays as the server sent it (visible, its links working as plain links) and is
 * hydrated when the first of these happens:
 *  - it comes within 300 px of the viewport;
 *  - the visitor interacts with the page (pointer, touch, click, key, wheel or focus anywhere): every waiting
 *    section is released before the event reaches React, so a click or key press inside one finds it
 *    hydrated (React hydrates the target's section first, synchronously, then dispatches the event).
 * Until then nothing there needs script: its text, images and links are the server's HTML.
 * On client navigations (and on the server) the children render at once: only the document's first
 * hydration is deferred.
 */
export function DeferredHydration({ children }: { children: ReactNode }) {
  const id = useId();
  const key = useLocation().key;
  const client = typeof document !== 'undefined';
  if (client && firstPass) initialKey ??= key;
  const initialDocument = client && key === initialKey;
  if (initialDocument && firstPass && !gates.has(id)) gates.set(id, watch(id));
  useEffect(() => {
    firstPass = false;
  }, []);
  return (
    <Suspense fallback={null}>
      <Gate id={id} initialDocument={initialDocument}>
        <div className="deferred-hydration" data-deferred={id}>
          {children}
        </div>
      </Gate>
    </Suspense>
  );
}

function Gate({ id, initialDocument, children }: { id: string; initialDocument: boolean; children: ReactNode }) {
  const gate = initialDocument ? gates.get(id) : undefined;
  // Read on every render once a gate exists (React requires the same `use` calls after a suspension);
  // a released gate answers at once.
  if (gate) use(gate as PromiseLike<void> as Promise<void>);
  return children;
}

/** A promise React reads synchronously once settled (React's `status`/`value` thenable convention). */
interface GateThenable extends Promise<void> {
  status: 'pending' | 'fulfilled';
  value?: undefined;
  open(): void;
}

/** True on the client until the first hydration commits: gates are made only during that pass. */
let firstPass = true;
/** The location of the served document (its history key): later locations are client navigations. */
let initialKey: string | undefined;
const gates = new Map<string, GateThenable>();
// Listened to on window, in the capture phase: they run before React's own listeners on the document.
// `click` covers clicks without a pointer before them (assistive technology, element.click()).
const INTERACTIONS = ['pointerdown', 'touchstart', 'mousedown', 'click', 'keydown', 'wheel', 'focusin'] as const;
let listening = false;

function openAll() {
  for (const gate of gates.values()) gate.open();
}

function watch(id: string): GateThenable {
  if (!listening) {
    listening = true;
    for (const type of INTERACTIONS) window.addEventListener(type, openAll, { capture: true, passive: true });
  }
  let resolve!: () => void;
  const gate = new Promise<void>((r) => {
    resolve = r;
  }) as GateThenable;
  gate.status = 'pending';
  const release = () => {
    gate.status = 'fulfilled';
    gate.value = undefined;
    resolve();
  };
  const element = document.querySelector(`[data-deferred="${CSS.escape(id)}"]`);
  // Not in the served HTML (the section was not rendered there): nothing to keep, render it now.
  if (!element || typeof IntersectionObserver === 'undefined') {
    gate.open = () => {};
    release();
    return gate;
  }
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && gate.open(), {
    rootMargin: '300px 0px',
  });
  gate.open = () => {
    if (gate.status !== 'pending') return;
    observer.disconnect();
    release();
  };
  // The wrapper is `display: contents` (no box of its own): watch what it holds.
  for (const child of Array.from(element.children)) observer.observe(child);
  return gate;
}
