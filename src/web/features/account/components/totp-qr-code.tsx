import { create } from 'qrcode';

const QUIET_ZONE = 4;

/**
 * The otpauth:// URI as a QR code for an authenticator app's camera, drawn here as one SVG path
 * (no image from elsewhere, nothing injected as HTML). Loaded only when set-up shows it.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { modules } = create(uri, { errorCorrectionLevel: 'M' });
  const size = modules.size + QUIET_ZONE * 2;
  let path = '';
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
  return (
    <svg
      role="img"
      aria-label="QR code of your authenticator key"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="h-48 w-48 rounded-lg border border-slate-200 bg-white"
    >
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
