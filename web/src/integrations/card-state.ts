/** An integration card. */
export type CardState = 'disconnected' | 'connecting' | 'connected' | 'disconnecting';

/** A card's state from the connections the server knows and what is under way in the dialog. */
export const cardStateOf = (
  id: string,
  connected: readonly string[],
  underWay: Readonly<Record<string, 'connecting' | 'disconnecting'>>,
): CardState => underWay[id] ?? (connected.includes(id) ? 'connected' : 'disconnected');

/** The card's button: Connect or Disconnect, busy while something is under way. */
export const cardAction = (state: CardState): { label: 'Connect' | 'Disconnect'; busy: boolean } => {
  switch (state) {
    case 'disconnected':
      return { label: 'Connect', busy: false };
    case 'connecting':
      return { label: 'Connect', busy: true };
    case 'connected':
      return { label: 'Disconnect', busy: false };
    case 'disconnecting':
      return { label: 'Disconnect', busy: true };
  }
};

/** A symbol per item icon key. */
export const iconSymbol = (icon: string): string =>
  ({ drive: '📁', calendar: '📅', sheets: '📊', mail: '✉️' })[icon] ?? '🔗';
