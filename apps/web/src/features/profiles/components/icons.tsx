import type { ReactNode } from 'react';

/** The line icons of the profile screens, drawn inline (24px grid, stroke follows the text colour). */
function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

interface IconProps {
  size?: number;
}

export function LockIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Icon>
  );
}

export function DevicesIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="2" y="4" width="14" height="10" rx="1.5" />
      <path d="M5 18h8" />
      <rect x="17" y="8" width="5" height="12" rx="1" />
    </Icon>
  );
}

export function ShieldIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3z" />
      <path d="M9 12l2 2 4-4" />
    </Icon>
  );
}

export function EditIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  );
}

export function SessionsIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </Icon>
  );
}

export function CardIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </Icon>
  );
}

export function WalletIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M19 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3v2a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6" />
    </Icon>
  );
}

export function ShareIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </Icon>
  );
}

export function HelpIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="10" />
      <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
    </Icon>
  );
}

export function ClipboardIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="8" y="2" width="8" height="4" rx="1" />
      <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M9 12h6M9 16h6" />
    </Icon>
  );
}

export function ChevronRightIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="m9 6 6 6-6 6" />
    </Icon>
  );
}

export function BackIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M19 12H5M12 19l-7-7 7-7" />
    </Icon>
  );
}

export function CameraIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3z" />
      <circle cx="12" cy="13" r="3" />
    </Icon>
  );
}

export function PhoneIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" />
    </Icon>
  );
}

export function BankIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M3 21h18M4 10h16M12 3l8 5H4zM6 10v8M10 10v8M14 10v8M18 10v8" />
    </Icon>
  );
}

export function PaypalIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M7 21 9.5 4h6a4 4 0 0 1 0 8H11l-1.2 9z" />
      <path d="M10 16h4.5a4 4 0 0 0 4-3.5" />
    </Icon>
  );
}

export function WhatsAppIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M3 21l1.65-3.8A9 9 0 1 1 8 20.1z" />
      <path d="M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0zm0 0a5 5 0 0 0 5 5m0 0h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1" />
    </Icon>
  );
}

export function MessageIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </Icon>
  );
}

export function ClockIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </Icon>
  );
}

export function AssessmentIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M9 11l3 3 8-8" />
      <path d="M20 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11" />
    </Icon>
  );
}

export function CloseIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Icon>
  );
}

/** A winding path with a flag: the journey. */
export function JourneyIcon({ size }: IconProps) {
  return (
    <Icon size={size}>
      <circle cx="6" cy="19" r="2" />
      <path d="M8 19h8.5a3.5 3.5 0 0 0 0-7h-9a3.5 3.5 0 0 1 0-7H12" />
      <path d="M18 9V3l3 1.5L18 6" />
    </Icon>
  );
}
