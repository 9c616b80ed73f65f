/** The chat frame's small line icons (decorative: the buttons carry the names). */
const Icon = ({ d }: { d: string }) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

export const MenuIcon = () => <Icon d="M4 6h16M4 12h16M4 18h16" />;
export const CloseIcon = () => <Icon d="M6 6l12 12M18 6L6 18" />;
export const PlusIcon = () => <Icon d="M12 5v14M5 12h14" />;
export const SendIcon = () => <Icon d="M12 19V5M5 12l7-7 7 7" />;
export const StopIcon = () => <Icon d="M7 7h10v10H7z" />;
export const ChevronIcon = () => <Icon d="M6 15l6-6 6 6" />;
export const PriceIcon = () => (
  <Icon d="M12 3v18M16.5 7.5c-.8-1.2-2.4-2-4.5-2-2.5 0-4 1.3-4 3s1.5 2.6 4 3.1 4 1.4 4 3.2-1.6 3.2-4 3.2c-2.1 0-3.8-.8-4.6-2.1" />
);
