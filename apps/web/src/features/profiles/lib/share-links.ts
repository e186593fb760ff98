/** Share addresses for the invite page: WhatsApp's click-to-chat and the phone's SMS app. */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export function smsShareUrl(text: string): string {
  return `sms:?&body=${encodeURIComponent(text)}`;
}

/** Copies text to the clipboard; falls back to selecting a field and the old copy command. */
export async function copyText(text: string, fallbackField?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not a secure page: try the fallback.
  }
  if (!fallbackField) return false;
  fallbackField.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
