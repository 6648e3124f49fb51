import { useEffect, useState } from 'react';
import { solveChallenge } from 'altcha-lib/v1';
import { api, isSuccess } from '@/lib/api-client';

/*
 * The captcha in the browser: a proof of work (ALTCHA's, docs/decisions/075). The page asks for a
 * challenge, finds its number by trying them in a plain loop of SHA-256 digests (about a second), and
 * sends the number as the captcha's answer. Nobody types anything; a program must do the same work.
 */

type Challenge = { algorithm: string; challenge: string; salt: string; maxnumber: number };

/**
 * The answer of a fresh captcha, once found (null until then); a new `version` asks for another, and from
 * the render that asks for it the old answer, already spent, is no longer returned. `active`: a captcha is
 * needed now.
 */
export function useCaptchaAnswer(active: boolean, version: number): string | null {
  const [solved, setSolved] = useState<{ version: number; answer: string } | null>(null);
  useEffect(() => {
    setSolved(null);
    if (!active) return;
    let current = true;
    let controller: AbortController | undefined;
    void api.get<Challenge>('captcha/mathGenerator', { quiet: true }).then(async (result) => {
      if (!current || !isSuccess(result)) return;
      const solving = solveChallenge(
        result.data.challenge,
        result.data.salt,
        result.data.algorithm,
        result.data.maxnumber,
      );
      controller = solving.controller;
      const solution = await solving.promise;
      if (current && solution) setSolved({ version, answer: String(solution.number) });
    });
    return () => {
      current = false;
      controller?.abort();
    };
  }, [active, version]);
  return active && solved?.version === version ? solved.answer : null;
}

/** Where the captcha's field was: whether the browser has done its work yet. */
export function CaptchaStatus({
  id,
  answer,
  working,
  done,
  describedBy,
}: {
  id: string;
  answer: string | null;
  working: string;
  done: string;
  describedBy?: string;
}) {
  return (
    <output
      id={id}
      className="captcha-status"
      aria-live="polite"
      aria-describedby={describedBy}
      data-solved={answer ? '' : undefined}
    >
      {answer ? done : working}
    </output>
  );
}
