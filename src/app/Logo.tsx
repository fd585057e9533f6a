/** The site's mark: a play button on a rounded tile (the same drawing as public/favicon.svg). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff4f5e" />
          <stop offset="1" stopColor="#8b7bff" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#logo-mark-gradient)" />
      <path d="M13 10.5v11a1 1 0 0 0 1.5.86l9-5.5a1 1 0 0 0 0-1.72l-9-5.5A1 1 0 0 0 13 10.5z" fill="#fff" />
    </svg>
  );
}
