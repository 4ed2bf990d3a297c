import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  text: string;
  tone: 'success' | 'error';
}

/**
 * A status message that vanishes after `timeout` ms (spec 4: 3 seconds). Showing a message again,
 * even the same one, starts the time afresh.
 */
export function useTimedMessage(timeout: number) {
  const [message, setMessage] = useState<(TimedMessage & { serial: number }) | null>(null);
  const serial = useRef(0);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), timeout);
    return () => clearTimeout(timer);
  }, [message, timeout]);
  const show = useCallback((next: TimedMessage | null) => {
    serial.current += 1;
    setMessage(next ? { ...next, serial: serial.current } : null);
  }, []);
  return [message, show] as const;
}
