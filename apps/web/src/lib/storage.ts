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
  /** 'on' or 'off': the person's choice of the calls' data saver on this device (issue 22). */
  dataSaver: 'dataSaver',
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
  /** Logout: clears everything stored, except the cookie acceptance and the data saver, which belong to the device. */
  clear(): void {
    try {
      const kept = [storageKeys.cookieAccepted, storageKeys.dataSaver].map(
        (key) => [key, window.localStorage.getItem(key)] as const,
      );
      window.localStorage.clear();
      for (const [key, value] of kept) if (value !== null) window.localStorage.setItem(key, value);
    } catch {
      // ignore
    }
  },
};
