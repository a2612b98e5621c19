import { encode } from "uqr";

/**
 * The QR code of an otpauth:// URI for an authenticator app to scan, drawn as one SVG path of
 * its dark modules (no image, no script: the page's CSP has nothing to allow).
 */
export function TotpQr({ uri }: { uri: string }) {
  const { size, data } = encode(uri, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width={200}
      height={200}
      role="img"
      aria-label="QR code of your Fuda sign-in secret, for your authenticator app"
      shapeRendering="crispEdges"
      data-testid="totp-qr"
      data-uri={uri}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
