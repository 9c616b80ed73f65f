import { conversationFileMessages, type ConversationStorage, type ImportProblem } from '@app/contracts';

/** The words of export, import and moving between storages (the server's refusals come from contracts). */
export const exportText = {
  exportAll: 'Export all conversations',
  importConversations: 'Import conversations',
  importTitle: 'Import conversations',
  importHint: "A conversations file exported from here, or ChatGPT's conversations.json (at most 10 MB).",
  fileLabel: 'File to import',
  storageLabel: 'Keep them',
  importButton: 'Import',
  importing: 'Importing…',
  chooseFile: 'Choose a file to import.',
  exportEntry: 'Export',
  exportTitle: (name: string) => `Export ${name}`,
  exportJson: 'JSON (every version)',
  exportMarkdown: 'Markdown (readable)',
  moveToCloud: 'Move to cloud',
  keepHere: 'Keep in this browser',
  moved: (to: ConversationStorage) =>
    to === 'future-cloud' ? 'Moved to the cloud.' : 'Now kept in this browser.',
  notHere: 'This conversation is kept in another browser: its messages are not here.',
  imported: conversationFileMessages.imported,
  problem: (p: ImportProblem) => `#${p.index} ${p.title}: ${p.message}`,
} as const;
