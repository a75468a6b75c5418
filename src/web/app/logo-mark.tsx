/** The books-on-a-shelf mark, drawn inline so the nav bar needs no extra request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" fill="#ffffff" />
      <path d="M8 9h4v14H8zM14 9h4v14h-4zM20.2 9.6l3.8-1 3.6 13.5-3.8 1z" fill="#1e3a8a" />
      <path d="M6 24.5h20v1.5H6z" fill="#fbbf24" />
    </svg>
  );
}
