export { contentTypeFor, extensionFor, fileNameForOrder } from './file-names.ts';
export { COMMENT_COLUMNS, POST_COLUMNS, type CommentRecord, type PostRecord } from '../corpus/records.ts';
export {
  UnlabelledSampleError,
  writeOrderFile,
  type WriteOrderFileInput,
  type WriteOrderFileResult,
} from './write-order-file.ts';
