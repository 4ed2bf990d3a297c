/** OpenAPI operations of routes/convert.ts (the File Converter's optional server engine). */
import { describe } from '../openapi/describe';
import { ConvertFormatsBody, ErrorBody } from '../openapi/shapes';
import { type JsonSchema, jsonSchemaOf } from '../tools/json-schema';
import { CONVERT_MAX_BYTES, CONVERT_MESSAGES, ConvertFields } from './convert';

/** The multipart form: the text parts the route validates, and the file. */
const fields = jsonSchemaOf(ConvertFields, 'input');
const ConvertForm: JsonSchema = {
  type: 'object',
  properties: {
    file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The document.' },
    ...fields.properties,
  },
  required: ['file', ...(fields.required ?? [])],
};

export const convertOperations = describe([
  {
    method: 'get',
    path: '/api/convert/formats/',
    tag: 'Convert',
    database: false,
    summary: 'What the server converts',
    description: 'Each format the server reads with those it writes; `[]` where it has no LibreOffice.',
    auth: 'none',
    responses: {
      200: {
        description: 'The formats.',
        schema: ConvertFormatsBody,
        example: [{ from: 'docx', to: ['pdf', 'odt'] }],
      },
    },
  },
  {
    method: 'post',
    path: '/api/convert/',
    tag: 'Convert',
    database: false,
    summary: 'Convert an Office document (multipart: file, inputFormat, outputFormat)',
    description: `At most ${CONVERT_MAX_BYTES / 1024 / 1024} MiB; throttled per address. Anyone may convert.`,
    auth: 'none',
    body: { schema: ConvertForm, contentTypes: ['multipart/form-data'], required: true },
    responses: {
      200: {
        description: 'The converted file, with its name in Content-Disposition.',
        contentType: 'application/octet-stream',
        schema: { type: 'string', contentMediaType: 'application/octet-stream' },
      },
      400: {
        description: 'No file, or a missing format.',
        schema: ErrorBody,
        example: { error: CONVERT_MESSAGES.noFile },
      },
      413: 'TooLarge',
      415: {
        description: 'Not multipart, or a file that is not of its `inputFormat`.',
        schema: ErrorBody,
        example: { error: CONVERT_MESSAGES.wrongType('docx') },
      },
      422: {
        description: 'A pair the server does not convert, or a file LibreOffice could not read.',
        schema: ErrorBody,
        example: { error: CONVERT_MESSAGES.failed },
      },
      429: 'TooManyRequests',
      503: {
        description: 'No engine here, or it is busy (with Retry-After), or a conversion took too long.',
        schema: ErrorBody,
        example: { error: CONVERT_MESSAGES.unavailable },
      },
    },
  },
]);
