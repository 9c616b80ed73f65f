import { useRef } from 'react';

/** The upload button with its hidden multi-file input (second spec, section 2). */
export function UploadButton({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost upload-button"
        aria-label="Attach files"
        title="Attach files"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        📎
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Files to attach"
        data-testid="upload-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
