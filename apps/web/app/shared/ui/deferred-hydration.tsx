import { Suspense, use, useEffect, useId, useLayoutEffect, type ReactNode } from 'react';
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
 *    section is released before the event reaches React; a click inside a section not hydrated yet is
 *    held back and sent again once it is (see holdClick).
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
  // Runs when React commits this section's hydration.
  useLayoutEffect(() => gate?.markHydrated(), [gate]);
  return children;
}

/** A promise React reads synchronously once settled (React's `status`/`value` thenable convention). */
interface GateThenable extends Promise<void> {
  status: 'pending' | 'fulfilled';
  value?: undefined;
  open(): void;
  /** True once React has committed the section's hydration; `whenHydrated` settles then. */
  hydrated: boolean;
  whenHydrated: Promise<void>;
  markHydrated(): void;
}

/** True on the client until the first hydration commits: gates are made only during that pass. */
let firstPass = true;
/** The location of the served document (its history key): later locations are client navigations. */
let initialKey: string | undefined;
const gates = new Map<string, GateThenable>();
// Listened to on window, in the capture phase: they run before React's own listeners on the document.
const INTERACTIONS = ['pointerdown', 'touchstart', 'mousedown', 'keydown', 'wheel', 'focusin'] as const;
let listening = false;

function openAll() {
  for (const gate of gates.values()) gate.open();
}

/**
 * A click inside a section React has not hydrated yet is held back and sent again once it has: React
 * would try to hydrate the section on the spot and, when it cannot finish at once (its hydration was
 * already under way), drop the click. Covers clicks with no pointer event before them too (assistive
 * technology, element.click()).
 */
function holdClick(event: MouseEvent) {
  openAll();
  const target = event.target instanceof Element ? event.target : null;
  const id = target?.closest('[data-deferred]')?.getAttribute('data-deferred');
  const gate = id ? gates.get(id) : undefined;
  if (!target || !gate || gate.hydrated) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const { bubbles, cancelable, composed, clientX, clientY, screenX, screenY, button, buttons, detail } = event;
  const { ctrlKey, shiftKey, altKey, metaKey } = event;
  void gate.whenHydrated.then(() => {
    if (!target.isConnected) return;
    target.dispatchEvent(
      new MouseEvent('click', {
        bubbles,
        cancelable,
        composed,
        clientX,
        clientY,
        screenX,
        screenY,
        button,
        buttons,
        detail,
        ctrlKey,
        shiftKey,
        altKey,
        metaKey,
        view: window,
      }),
    );
  });
}

function watch(id: string): GateThenable {
  if (!listening) {
    listening = true;
    for (const type of INTERACTIONS) window.addEventListener(type, openAll, { capture: true, passive: true });
    window.addEventListener('click', holdClick, { capture: true });
  }
  let resolve!: () => void;
  const gate = new Promise<void>((r) => {
    resolve = r;
  }) as GateThenable;
  gate.status = 'pending';
  gate.hydrated = false;
  gate.whenHydrated = new Promise<void>((done) => {
    gate.markHydrated = () => {
      gate.hydrated = true;
      done();
    };
  });
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
