"use client";

import { useEffect } from "react";

/**
 * Marks the document `data-hydrated` once React listens to it. Until then a click or a choice
 * reaches no handler (a form falls back to a native submit), which a person on a slow phone
 * rarely meets but a browser test on a loaded machine meets often: tests wait for the mark.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
