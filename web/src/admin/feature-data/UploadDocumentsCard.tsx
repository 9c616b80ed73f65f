import { useCallback, useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import {
  acceptedContentType,
  featureDataMessages,
  type ApiDocsResponse,
  type DataDisclosure,
} from '@app/contracts';
import {
  fetchApiDocs,
  fetchApiDocTemplatesUrl,
  fetchLatestDisclosure,
  requestApiDocUpload,
  requestDisclosureUpload,
} from '../../api/feature-data';
import { pushToastAtom } from '../../state/toasts';
import { FileUploadField } from './FileUploadField';
import { uploadToStore } from './upload-to-store';
import { whileMounted } from '../../ui/while-mounted';

const apiDocFields = [
  { label: 'API Documentation (pdf)', ext: 'pdf', url: 'doc_url' },
  { label: 'API Documentation (csv)', ext: 'csv', url: 'csv_url' },
  { label: 'Postman Collection (json)', ext: 'json', url: 'postman_url' },
] as const;

/** Starts a download of `url` in the page (no new window, no alert). */
const download = (url: string) => {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
};

/**
 * Upload Documents: the Data Disclosure pdf, the API documentation (pdf, csv, Postman collection
 * json) and the download of the API documentation templates' zip. Each shows what is stored now.
 */
export function UploadDocumentsCard() {
  const toast = useSetAtom(pushToastAtom);
  const [disclosure, setDisclosure] = useState<DataDisclosure | null>(null);
  const [docs, setDocs] = useState<ApiDocsResponse | null>(null);
  const [downloading, setDownloading] = useState(false);

  const refresh = useCallback(async () => {
    const [latest, apiDocs] = await Promise.all([fetchLatestDisclosure(), fetchApiDocs()]);
    setDisclosure(latest);
    setDocs(apiDocs);
  }, []);

  useEffect(
    () =>
      whileMounted(Promise.all([fetchLatestDisclosure(), fetchApiDocs()]), ([latest, apiDocs]) => {
        setDisclosure(latest);
        setDocs(apiDocs);
      }),
    [],
  );

  const uploadDisclosure = async (file: File, name: string) => {
    const contentType = acceptedContentType('disclosure', name) ?? 'application/pdf';
    try {
      await uploadToStore(file, contentType, (md5) =>
        requestDisclosureUpload({ fileName: name, contentType, md5 }),
      );
      await refresh();
      toast({ tone: 'success', message: featureDataMessages.disclosureUploaded });
    } catch {
      toast({ tone: 'error', message: featureDataMessages.disclosureUploadFailed });
    }
  };

  const uploadApiDoc = async (file: File, name: string) => {
    const contentType = acceptedContentType('apiDocs', name) ?? 'application/octet-stream';
    try {
      await uploadToStore(file, contentType, (md5) =>
        requestApiDocUpload({ filename: name, content_md5: md5 }),
      );
      await refresh();
      toast({ tone: 'success', message: featureDataMessages.apiDocsUploaded(name) });
    } catch {
      toast({ tone: 'error', message: featureDataMessages.apiDocsUploadFailed });
    }
  };

  const downloadTemplates = async () => {
    setDownloading(true);
    try {
      download(await fetchApiDocTemplatesUrl());
    } catch {
      toast({ tone: 'error', message: featureDataMessages.templatesDownloadFailed });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="card" aria-label="Upload Documents">
      <h3 className="card-title">Upload Documents</h3>
      <div className="feature-data-group">
        <h4 className="feature-data-subtitle">Data Disclosure</h4>
        <FileUploadField
          label="Data Disclosure (pdf)"
          extensions={['pdf']}
          upload="disclosure"
          onUpload={uploadDisclosure}
        />
        <p className="muted" aria-label="Current Data Disclosure">
          {disclosure ? (
            <>
              Current:{' '}
              <a href={disclosure.url} target="_blank" rel="noopener noreferrer">
                {disclosure.fileName}
              </a>
            </>
          ) : (
            'No Data Disclosure uploaded.'
          )}
        </p>
      </div>
      <div className="feature-data-group">
        <h4 className="feature-data-subtitle">API Documentation</h4>
        {apiDocFields.map((field) => (
          <div key={field.ext} className="feature-data-row">
            <FileUploadField
              label={field.label}
              extensions={[field.ext]}
              upload="apiDocs"
              onUpload={uploadApiDoc}
            />
            {docs?.[field.url] && (
              <a href={docs[field.url] ?? undefined} target="_blank" rel="noopener noreferrer">
                Current {field.ext}
              </a>
            )}
          </div>
        ))}
        <button
          type="button"
          className="btn feature-data-templates"
          disabled={downloading}
          onClick={() => void downloadTemplates()}
        >
          Download API Documentation Templates
        </button>
      </div>
    </section>
  );
}
