import { Link } from 'react-router';

/** The MyProsper mark and name, linking home. */
export function BrandLogo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      aria-label="MyProsper home"
      style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none', flexShrink: 0 }}
    >
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#0b7285" />
        <path d="M16 46V18h6l10 14 10-14h6v28h-6V28l-10 13-10-13v18z" fill="#fff" />
      </svg>
      <span
        style={{
          fontWeight: 800,
          fontSize: 'var(--mantine-font-size-xl)',
          color: 'var(--mantine-color-brand-6)',
          lineHeight: 1,
        }}
      >
        MyProsper
      </span>
    </Link>
  );
}
