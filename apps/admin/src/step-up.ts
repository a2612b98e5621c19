/**
 * The portal's step-up (docs/security.md, Staff accounts): the game API refuses the most powerful
 * actions with STEP_UP_REQUIRED unless the sign-in is recent. Every mutation of the portal goes
 * through `stepUpLink`, which then asks the staff member to confirm it's them (the dialog the
 * portal shell mounts signs them in again) and sends the same call once more; a cancel answers
 * the refusal as it came, so nothing changed.
 */
import type { AppRouter } from "@fuda/api";
import type { TRPCClientError, TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { Unsubscribable } from "@trpc/server/observable";

/** Asks for a fresh sign-in before `procedure`; true once signed in again, false on cancel. */
export type StepUpAsker = (procedure: string) => Promise<boolean>;

let asker: StepUpAsker | null = null;

/** The dialog registers how to ask while it is mounted; null when it goes. */
export function setStepUpAsker(next: StepUpAsker | null): void {
  asker = next;
}

const needsStepUp = (error: TRPCClientError<AppRouter>): boolean =>
  (error.data?.details as { rule?: unknown } | undefined)?.rule === "STEP_UP_REQUIRED";

export const stepUpLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let call: Unsubscribable = next(op).subscribe({
        next: (value) => {
          observer.next(value);
        },
        complete: () => {
          observer.complete();
        },
        error: (error) => {
          const ask = asker;
          if (op.type !== "mutation" || ask === null || !needsStepUp(error)) {
            observer.error(error);
            return;
          }
          void ask(op.path).then((confirmed) => {
            if (confirmed) call = next(op).subscribe(observer);
            else observer.error(error);
          });
        },
      });
      return () => {
        call.unsubscribe();
      };
    });
