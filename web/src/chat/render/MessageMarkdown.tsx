export interface MessageMarkdownProps {
  text: string;
  /** True while the message is still streaming: viewers wait for the end. */
  streaming: boolean;
}

/** A message's text as markdown, with code blocks, diagrams and charts (placeholder: plain text). */
export default function MessageMarkdown({ text }: MessageMarkdownProps) {
  return <div className="message-text">{text}</div>;
}
