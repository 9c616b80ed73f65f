import { createHash } from 'node:crypto';
import { ZipFile } from 'yazl';

/**
 * The API documentation templates admins download (a zip), fill in and upload again: an outline of
 * the documentation (exported to pdf), its endpoint table (csv) and a Postman collection (json).
 */
export const apiDocTemplateFiles: Readonly<Record<string, string>> = {
  'README.txt': [
    'API documentation templates',
    '',
    'Fill these in and upload them in the Admin Interface, Feature Data tab, Upload Documents:',
    '- API_Documentation_Template.md: the documentation; export it as a pdf before uploading.',
    '- API_Documentation_Template.csv: one row per endpoint.',
    '- Postman_Collection_Template.json: a Postman collection (v2.1) of the endpoints.',
    '',
  ].join('\n'),
  'API_Documentation_Template.md': [
    '# API Documentation',
    '',
    '## Authentication',
    'Send your API key as `Authorization: Bearer <key>`.',
    '',
    '## Endpoints',
    '',
    '### <Method> <Path>',
    'Description: <what it does>',
    '',
    'Request body:',
    '```json',
    '{}',
    '```',
    '',
    'Response:',
    '```json',
    '{ "success": true }',
    '```',
    '',
  ].join('\n'),
  'API_Documentation_Template.csv': [
    'Endpoint,Method,Description,Request Body,Response',
    '/example/path,POST,What the endpoint does,"{""field"": ""value""}","{""success"": true}"',
    '',
  ].join('\n'),
  'Postman_Collection_Template.json': `${JSON.stringify(
    {
      info: {
        name: 'API Collection',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] },
      variable: [
        { key: 'baseUrl', value: 'https://example.com' },
        { key: 'apiKey', value: '' },
      ],
      item: [
        {
          name: 'Example request',
          request: {
            method: 'POST',
            header: [{ key: 'Content-Type', value: 'application/json' }],
            url: '{{baseUrl}}/example/path',
            body: { mode: 'raw', raw: '{\n  "field": "value"\n}' },
          },
        },
      ],
    },
    null,
    2,
  )}\n`,
};

/** Every entry dated the same, so the same templates always make the same zip. */
const fixedTime = new Date(Date.UTC(2024, 0, 1));

/** The templates' zip (deterministic) and a short hash of it, for its key in the blob store. */
export const apiDocTemplatesZip = async (
  files: Readonly<Record<string, string>> = apiDocTemplateFiles,
): Promise<{ zip: Buffer; hash: string }> => {
  const zipFile = new ZipFile();
  for (const [name, text] of Object.entries(files)) {
    zipFile.addBuffer(Buffer.from(text, 'utf8'), name, { mtime: fixedTime });
  }
  zipFile.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zipFile.outputStream) chunks.push(Buffer.from(chunk as Uint8Array));
  const zip = Buffer.concat(chunks);
  return { zip, hash: createHash('sha256').update(zip).digest('hex').slice(0, 16) };
};
