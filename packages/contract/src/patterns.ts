/** Rules so small and so widely used that loading them must not load anything else (e.g. the phone library). */

/** Spec 5: letters, digits or ._%+- before @, a domain, then a top level of 2-4 letters. */
export const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;
export const passwordMinLength = 8;
