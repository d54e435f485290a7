import { Box } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { useT } from '../../lib/i18n/t';

const TIRE = '#2a2f2d';
const STEEL = '#454c49';
const GLASS = '#e4f2f4';

/** Rear tyre with lugs, a rim in the partner's secondary colour and a bolted hub. */
function Wheel({ cx, cy, r, rim }: { cx: number; cy: number; r: number; rim: string }) {
  const lugs = Array.from({ length: 16 }, (_, index) => (index * 360) / 16);
  return (
    <g>
      {lugs.map((angle) => (
        <rect
          key={angle}
          x={cx - r * 0.12}
          y={cy - r - r * 0.06}
          width={r * 0.24}
          height={r * 0.2}
          rx={r * 0.05}
          fill={TIRE}
          transform={`rotate(${angle} ${cx} ${cy})`}
        />
      ))}
      <circle cx={cx} cy={cy} r={r} fill={TIRE} />
      <circle cx={cx} cy={cy} r={r * 0.86} fill="none" stroke="#3b423f" strokeWidth={r * 0.05} />
      <circle cx={cx} cy={cy} r={r * 0.56} fill={rim} />
      <circle cx={cx} cy={cy} r={r * 0.56} fill="none" stroke="#000" strokeOpacity={0.12} strokeWidth={r * 0.06} />
      <circle cx={cx} cy={cy} r={r * 0.22} fill={STEEL} />
      {[0, 72, 144, 216, 288].map((angle) => (
        <circle
          key={angle}
          cx={cx}
          cy={cy - r * 0.36}
          r={r * 0.045}
          fill={STEEL}
          transform={`rotate(${angle} ${cx} ${cy})`}
        />
      ))}
    </g>
  );
}

/**
 * The 'broken tractor' of the generic error screen: a tractor propped on a block with its front wheel rolled off,
 * smoke rising from the exhaust and a wrench left on the ground. Colours follow the partner theme.
 */
export function BrokenTractor({ width = 360 }: { width?: number | string }) {
  const theme = useTheme();
  const t = useT();
  const body = theme.palette.primary.main;
  const bodyDark = theme.palette.primary.dark;
  const accent = theme.palette.secondary.main;
  return (
    <Box
      component="svg"
      viewBox="0 0 480 300"
      role="img"
      aria-label={t('shell.error.illustration')}
      sx={{ width, maxWidth: '100%', height: 'auto', display: 'block' }}
    >
      {/* backdrop */}
      <circle cx="240" cy="156" r="134" fill={alpha(body, 0.07)} />

      {/* smoke from the exhaust */}
      <g fill="#8f9792">
        <circle cx="279" cy="74" r="8" opacity="0.6" />
        <circle cx="289" cy="60" r="11" opacity="0.5" />
        <circle cx="280" cy="50" r="8" opacity="0.4" />
        <circle cx="304" cy="44" r="15" opacity="0.38" />
        <circle cx="326" cy="28" r="17" opacity="0.26" />
        <circle cx="352" cy="18" r="12" opacity="0.16" />
      </g>

      {/* ground */}
      <ellipse cx="236" cy="253" rx="196" ry="9" fill="#000" opacity="0.07" />
      <path d="M36 251 H444" stroke="#c6ccc4" strokeWidth="3" strokeLinecap="round" />
      <g stroke="#8fae7d" strokeWidth="2.5" strokeLinecap="round" fill="none">
        <path d="M58 250 l-4 -11 M62 250 l1 -13 M66 250 l5 -10" />
        <path d="M424 250 l-4 -10 M428 250 l1 -12 M432 250 l4 -9" />
        <path d="M236 250 l-3 -8 M240 250 l2 -9" />
      </g>

      {/* the block the nose rests on */}
      <rect x="278" y="226" width="42" height="25" rx="3" fill="#b9864f" />
      <path d="M282 234 H316 M282 242 H316" stroke="#9a6d3c" strokeWidth="2" />

      {/* the tractor, nose down */}
      <g transform="rotate(9 150 192)">
        {/* exhaust pipe */}
        <rect x="252" y="74" width="10" height="52" rx="3" fill={STEEL} />
        <rect x="248" y="69" width="18" height="9" rx="3" fill={TIRE} />
        {/* hood and grille */}
        <path d="M178 120 H316 a16 16 0 0 1 16 16 V180 H178 Z" fill={body} />
        <rect x="178" y="136" width="154" height="7" fill={accent} />
        <rect x="320" y="146" width="12" height="30" rx="3" fill={bodyDark} />
        <path d="M324 152 V170 M328 152 V170" stroke={alpha('#000', 0.25)} strokeWidth="1.5" />
        <circle cx="326" cy="132" r="4" fill="#fff5c2" stroke={bodyDark} strokeWidth="1.5" />
        {/* a dent and a loose hood panel */}
        <path d="M232 122 l10 -16 l8 2 l-6 16 Z" fill={bodyDark} />
        {/* cab */}
        <rect x="84" y="60" width="116" height="13" rx="5" fill={bodyDark} />
        <path d="M94 73 H190 V182 H94 Z" fill={body} />
        <path d="M106 84 H178 V134 H106 Z" fill={GLASS} />
        <path d="M116 128 L150 88" stroke="#fff" strokeWidth="5" strokeLinecap="round" opacity="0.8" />
        <path d="M134 128 L160 98" stroke="#fff" strokeWidth="3" strokeLinecap="round" opacity="0.6" />
        <path d="M142 84 V134" stroke={bodyDark} strokeWidth="4" />
        {/* steps and chassis */}
        <rect x="178" y="178" width="142" height="14" rx="4" fill={STEEL} />
        <circle cx="300" cy="196" r="8" fill={STEEL} />
        <circle cx="300" cy="196" r="3" fill="#cfd4d1" />
        {/* fender over the rear wheel */}
        <path d="M78 180 a72 72 0 0 1 144 0" fill="none" stroke={bodyDark} strokeWidth="11" strokeLinecap="round" />
        <Wheel cx={150} cy={192} r={58} rim={accent} />
      </g>

      {/* sparks at the bare axle */}
      <g stroke={accent} strokeWidth="3" strokeLinecap="round">
        <path d="M336 206 l12 -6" />
        <path d="M338 214 l14 2" />
        <path d="M334 198 l8 -11" />
      </g>

      {/* the front wheel that rolled away */}
      <g stroke="#b9c0bb" strokeWidth="3" strokeLinecap="round">
        <path d="M362 214 h-14" />
        <path d="M366 226 h-20" />
        <path d="M362 238 h-12" />
      </g>
      <g transform="rotate(-24 400 226)">
        <Wheel cx={400} cy={226} r={25} rim={accent} />
      </g>

      {/* a wrench and a couple of nuts left on the ground */}
      <g transform="rotate(-8 214 246)">
        <rect x="184" y="242" width="52" height="7" rx="3.5" fill="#8b938f" />
        <path
          d="M236 238 a10 10 0 1 1 0 15 l5 -5 l-1 -5 z"
          fill="#8b938f"
          stroke="#8b938f"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <circle cx="186" cy="245.5" r="6" fill="#8b938f" />
        <circle cx="186" cy="245.5" r="2.5" fill="#fff" />
      </g>
      <polygon points="262,248 266,244 272,244 276,248 272,252 266,252" fill="#7c8480" />
      <polygon points="280,249 283,246 287,246 290,249 287,252 283,252" fill="#7c8480" />
    </Box>
  );
}
