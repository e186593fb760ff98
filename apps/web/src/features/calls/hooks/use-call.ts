import { useEffect, useState, useSyncExternalStore } from 'react';
import { CallController, type CallSnapshot } from '../lib/call-controller.ts';

declare global {
  interface Window {
    /** What the call receives from each remote person (read by the browser journeys). */
    __myprosperCall?: {
      stats: CallController['stats'];
      layers: CallController['publishedLayers'];
      sent: CallController['bytesSent'];
    };
  }
}

/** The call of this session for as long as the screen is open; leaving the page leaves the call. */
export function useCall(sessionId: number): { call: CallSnapshot; controller: CallController } {
  const [controller] = useState(() => new CallController(sessionId));
  useEffect(() => {
    void controller.start();
    window.__myprosperCall = {
      stats: () => controller.stats(),
      layers: () => controller.publishedLayers(),
      sent: () => controller.bytesSent(),
    };
    const leave = () => controller.dispose();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      if (window.__myprosperCall?.stats) window.__myprosperCall = undefined;
      controller.dispose();
    };
  }, [controller]);
  const call = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { call, controller };
}
