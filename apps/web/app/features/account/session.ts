let loadedFor: string | null = null;

/** Noted by the account pages' loaders: the session their data was loaded for. */
export function markLoaded(token: string | null) {
  loadedFor = token;
}

/** The session the account pages' data was last loaded for: the account layout reloads it when it changes. */
export const loadedSession = () => loadedFor;
