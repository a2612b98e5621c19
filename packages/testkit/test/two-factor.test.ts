import { describe, expect, it } from "vitest";

import { totpCode, totpSecretOf } from "../src";

// RFC 6238, Appendix B: the SHA-1 seed "12345678901234567890", in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP codes as an authenticator app computes them", () => {
  it("gives RFC 6238's test vectors (their last six digits)", () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe("279037");
  });

  it("reads the secret of an otpauth URI, as better-auth's /two-factor/enable writes one", () => {
    const uri = `otpauth://totp/Fuda:op%40fuda.test?secret=${RFC_SECRET}&issuer=Fuda&digits=6&period=30`;
    expect(totpSecretOf(uri)).toBe(RFC_SECRET);
    expect(totpCode(uri, 59_000)).toBe("287082");
  });
});
