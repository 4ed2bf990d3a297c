import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: 'file-converter',
  label: 'File Converter',
  category: 'Documents',
  description:
    'Convert documents, spreadsheets and images in your browser: Word, Markdown, HTML and text to PDF or Word, PDF to text, CSV, Excel and JSON, PNG, JPEG and WebP, and several images into one PDF.',
  keywords: [
    'convert',
    'pdf',
    'word',
    'docx',
    'markdown',
    'md',
    'html',
    'text',
    'txt',
    'excel',
    'xlsx',
    'csv',
    'json',
    'spreadsheet',
    'image',
    'png',
    'jpg',
    'jpeg',
    'webp',
    'document',
    'file',
  ],
  view: () => import('./view'),
  server: {
    browserOnly:
      'It converts files inside the browser (images with its canvas), so they never leave the device. On a server with LibreOffice, POST /api/convert/ converts Office documents (GET /api/convert/formats/ lists them).',
  },
});
