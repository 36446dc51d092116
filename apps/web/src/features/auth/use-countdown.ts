import { LIMITS } from '@layerline/contract';
import { useCallback, useEffect, useState } from 'react';

export type TCountdownPhase = 'idle' | 'running' | 'done';

/** Ticks often enough that the shown second never lags by a whole second. */
const TICK_MS = 250;

/**
 * SPEC 4 code buttons: a 120-second countdown shown in seconds, then 'done'
 * (the label becomes 're-get'); `reset` stops it and returns to the first
 * label, as an error in the send response does. Measured against the clock,
 * so a throttled background tab still ends on time.
 */
export function useCountdown(seconds: number = LIMITS.codeCountdownS) {
  const [phase, setPhase] = useState<TCountdownPhase>('idle');
  const [deadline, setDeadline] = useState(0);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (phase !== 'running') return;
    const tick = () => {
      const left = Math.ceil((deadline - Date.now()) / 1000);
      if (left > 0) {
        setRemaining(left);
        return;
      }
      setRemaining(0);
      setPhase('done');
    };
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [phase, deadline]);

  const start = useCallback(() => {
    setDeadline(Date.now() + seconds * 1000);
    setRemaining(seconds);
    setPhase('running');
  }, [seconds]);

  const reset = useCallback(() => {
    setPhase('idle');
    setRemaining(0);
  }, []);

  return { phase, remaining, start, reset };
}
