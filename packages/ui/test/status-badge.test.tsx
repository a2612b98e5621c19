import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { StatusBadge } from "../src";

describe("StatusBadge", () => {
  it("names the status in words and carries it for the status colour", () => {
    expect(renderToStaticMarkup(<StatusBadge status="paused" />)).toMatch(
      /^<span class="[^"]*" data-status="paused">Paused<\/span>$/,
    );
  });

  it("shows a given label instead, e.g. the stored value an operator configures", () => {
    expect(
      renderToStaticMarkup(<StatusBadge status="open" label="open" testId="status" />),
    ).toMatch(/^<span class="[^"]*" data-status="open" data-testid="status">open<\/span>$/);
  });
});
