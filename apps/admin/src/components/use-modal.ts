"use client";

import { useEffect, useRef } from "react";

/**
 * A native modal `<dialog>` shown while `open` is true and closed when it turns false: the page's
 * state decides, not the browser. `onOpen` runs as it opens (where focus starts).
 */
export function useModal(open: boolean, onOpen?: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opened = useRef(onOpen);
  useEffect(() => {
    opened.current = onOpen;
  });
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      element.showModal();
      opened.current?.();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);
  return dialog;
}
