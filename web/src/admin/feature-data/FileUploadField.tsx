import { useRef, useState } from 'react';
import {
  collapsedFileName,
  featureDataMessages,
  fileExtension,
  fileTypeRefusal,
  type FeatureDataUpload,
} from '@app/contracts';
import { FormField } from '../../ui/FormField';

export interface FileUploadFieldProps {
  label: string;
  /** The extensions the field takes, for the picker (e.g. ['pdf']). */
  extensions: readonly string[];
  /** Whose types decide what is refused. */
  upload: FeatureDataUpload;
  /** Uploads the file under its collapsed name; answers the message to show (success) or throws. */
  onUpload: (file: File, name: string) => Promise<void>;
}

type FieldState = { kind: 'idle' } | { kind: 'busy'; name: string } | { kind: 'refused'; message: string };

/**
 * One upload of the Upload Documents card: a file picker that refuses a type it does not take with
 * the contracts' message (shown under it), then uploads the file under its collapsed name.
 */
export function FileUploadField({ label, extensions, upload, onUpload }: FileUploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<FieldState>({ kind: 'idle' });

  const onChange = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const name = collapsedFileName(file.name);
    // The field's own types first (each API documentation field takes one), then the upload's.
    const refusal = extensions.includes(fileExtension(name))
      ? fileTypeRefusal(upload, name)
      : featureDataMessages.fileTypeNotSupported(extensions);
    if (refusal) {
      setState({ kind: 'refused', message: refusal });
      return;
    }
    setState({ kind: 'busy', name });
    try {
      await onUpload(file, name);
    } finally {
      setState({ kind: 'idle' });
    }
  };

  return (
    <div className="feature-data-upload">
      <FormField label={label}>
        {(field) => (
          <input
            {...field}
            ref={input}
            type="file"
            className="input"
            accept={extensions.map((e) => `.${e}`).join(',')}
            disabled={state.kind === 'busy'}
            onChange={(e) => void onChange(e.target.files?.[0])}
          />
        )}
      </FormField>
      {state.kind === 'busy' && (
        <span role="status" className="muted">
          Uploading {state.name}…
        </span>
      )}
      {state.kind === 'refused' && (
        <span role="alert" className="field-error">
          {state.message}
        </span>
      )}
    </div>
  );
}
