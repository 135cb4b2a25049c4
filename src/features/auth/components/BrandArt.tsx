/** Line art for the brand panel: a tower crane over a building frame and a trestle bridge. Pure SVG. */
export function BrandArt({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 480 300"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {/* ground */}
      <path d="M0 270 H480" strokeWidth="1.5" opacity="0.5" />
      {/* tower crane */}
      <g strokeWidth="1.6" opacity="0.9">
        <path d="M96 270 V52 M112 270 V52" />
        {Array.from({ length: 11 }, (_, i) => (
          <path
            key={i}
            d={`M96 ${270 - i * 20} L112 ${250 - i * 20} M112 ${270 - i * 20} L96 ${250 - i * 20}`}
            strokeWidth="0.9"
            opacity="0.6"
          />
        ))}
        <path d="M40 52 H330 M40 40 H330 M104 40 V18 M104 18 L40 40 M104 18 L330 40" />
        {Array.from({ length: 14 }, (_, i) => (
          <path key={`j${i}`} d={`M${52 + i * 20} 52 L${62 + i * 20} 40 L${72 + i * 20} 52`} strokeWidth="0.9" opacity="0.6" />
        ))}
        <rect x="40" y="52" width="26" height="16" rx="2" opacity="0.8" />
        <path d="M262 52 V130" strokeWidth="1" />
        <path d="M254 130 H270 L266 140 H258 Z" />
        <rect x="236" y="146" width="52" height="10" rx="1.5" opacity="0.8" />
        <path d="M262 140 L240 146 M262 140 L284 146" strokeWidth="0.8" />
      </g>
      {/* building frame under construction */}
      <g strokeWidth="1.4" opacity="0.75">
        <path d="M170 270 V170 H300 V270 M170 236 H300 M170 203 H300 M213 170 V270 M257 170 V270" />
        <path d="M170 170 L213 203 M257 203 L300 236 M213 236 L257 270" strokeWidth="0.8" opacity="0.6" />
        <path d="M300 170 V150 M257 170 V156" strokeDasharray="3 4" strokeWidth="1" />
      </g>
      {/* trestle bridge */}
      <g strokeWidth="1.4" opacity="0.65">
        <path d="M330 214 H480" />
        {[350, 400, 450].map((x) => (
          <path
            key={x}
            d={`M${x - 14} 270 L${x - 4} 214 M${x + 14} 270 L${x + 4} 214 M${x - 11} 250 H${x + 11} M${x - 8} 232 H${x + 8} M${x - 11} 250 L${x + 8} 232 M${x + 11} 250 L${x - 8} 232`}
          />
        ))}
        <path
          d="M330 214 V206 H480 M345 206 L360 214 L375 206 L390 214 L405 206 L420 214 L435 206 L450 214 L465 206 L480 214"
          strokeWidth="0.9"
        />
      </g>
    </svg>
  )
}
