/** The locally stored keys of the spec (section 3). */
export const storageKeys = {
  token: 'token',
  userId: 'userId',
  username: 'username',
  /** The signed-in user's full name (beside the spec's keys: its login response carries full_names). */
  fullName: 'fullName',
  userRole: 'userRole',
  localMessage: 'localMessage',
  invitationSessionId: 'invitationSessionId',
  cookieAccepted: 'cookieAccepted',
} as const;

type Key = (typeof storageKeys)[keyof typeof storageKeys];

export const storage = {
  get(key: Key): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: Key, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or blocked: the app still works for this visit.
    }
  },
  remove(key: Key): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
  /** Logout: clears everything stored, except the cookie acceptance, which belongs to the device. */
  clear(): void {
    try {
      const cookieAccepted = window.localStorage.getItem(storageKeys.cookieAccepted);
      window.localStorage.clear();
      if (cookieAccepted !== null) window.localStorage.setItem(storageKeys.cookieAccepted, cookieAccepted);
    } catch {
      // ignore
    }
  },
};
