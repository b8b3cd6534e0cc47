type UnauthorizedListener = () => void;
const listeners = new Set<UnauthorizedListener>();

/** A 401 anywhere clears the session: the auth store subscribes here. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told by the API client (shared/api.ts) when any call answers 401. */
export function notifyUnauthorized() {
  listeners.forEach((l) => l());
}
