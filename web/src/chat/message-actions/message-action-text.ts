import { renderMessages } from '@app/contracts';

/** The message actions' own words (buttons are found by these names). */
export const messageActionText = {
  copy: 'Copy message',
  copied: renderMessages.copied,
  copyFailed: renderMessages.copyFailed,
  edit: 'Edit message',
  editedLabel: 'Edited message',
  saveAndSend: 'Save & send',
  cancel: 'Cancel',
  regenerate: 'Regenerate response',
  good: 'Good response',
  bad: 'Bad response',
  badComment: 'What was wrong? (optional)',
  sendFeedback: 'Send feedback',
  feedbackThanks: 'Thanks for the feedback.',
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  version: (index: number, count: number) => `${index} / ${count}`,
  versionOf: (index: number, count: number) => `Version ${index} of ${count}`,
} as const;
